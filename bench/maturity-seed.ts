import { addMonths, BUSINESS_TIME_ZONE, LANGUAGES, startOfDayInZone } from "@festgeld/domain";
import { sql } from "kysely";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { bookSeededFunding } from "./seed-journal.ts";

export interface MaturitySeed {
  /** Deposits maturing on `maturityDay`, each with its 12-month term, principal booked and maturity job queued. */
  deposits: number;
  /** Accounts the deposits belong to (each gets deposits / accounts of them), in en, de and fr. */
  accounts: number;
  maturityDay: string;
  /** The receiving account the deposits sit on (a partner bank's, where statements of it must be importable). */
  bankIban: string;
}

/**
 * Migrates a fresh PostgreSQL database and seeds it set-based: verified savers, approved applications
 * for the 12-month package (a third of each maturity instruction, amounts with cents), active deposits
 * with their principal booked in the journal as the app books a receipt, and one `deposit.maturity`
 * job each, due at the start of the maturity day (Berlin).
 */
export async function seedMaturingDeposits(url: string, seed: MaturitySeed) {
  const database = await openPostgres(url, 4);
  try {
    await migrate(database);
    const db = database.db;
    const valueDate = addMonths(seed.maturityDay, -12);
    await sql`
      insert into users (email, password_hash, full_name, role, kyc_status, language, email_verified_at, created_at, updated_at)
      select 'saver' || g || '@bench.test', 'not-a-real-hash', 'Saver ' || g, 'user', 'approved',
             (${[...LANGUAGES]}::text[])[1 + g % ${LANGUAGES.length}::int], now(), now(), now()
      from generate_series(1, ${seed.accounts}::int) g
    `.execute(db);
    await sql`
      with numbered as (select id, row_number() over (order by id) as n from users),
           pkg as (select id, interest_rate from packages where duration_months = 12 order by interest_rate desc limit 1)
      insert into applications (
        user_id, package_id, full_name, email, phone, amount_cents, currency, interest_rate, duration_months,
        reference_iban, maturity_instruction, info_sheet_acknowledged_at, status, decided_at, created_at, updated_at
      )
      select u.id, pkg.id, 'Saver ' || g, 'saver' || g || '@bench.test', '+49 30 1234567',
             (1000 + (g * 7919) % 249000) * 100 + g % 100, 'EUR', pkg.interest_rate, 12,
             'DE89370400440532013000', (array['payout', 'renew_principal', 'renew_all'])[1 + g % 3],
             ${valueDate}::date - 3, 'approved', ${valueDate}::date - 2, ${valueDate}::date - 3, now()
      from generate_series(1, ${seed.deposits}::int) g
      cross join pkg
      join numbered u on u.n = 1 + g % ${seed.accounts}::int
    `.execute(db);
    await sql`
      insert into deposits (
        application_id, user_id, package_id, reference, status, amount_cents, currency, interest_rate,
        duration_months, maturity_instruction, payer_iban, bank_holder, bank_iban, bank_bic, bank_name,
        approved_at, funding_deadline, funded_at, value_date, maturity_date, created_at, updated_at
      )
      select a.id, a.user_id, a.package_id, 'RF00BENCH' || row_number() over (order by a.id), 'active',
             a.amount_cents, 'EUR', a.interest_rate, 12, a.maturity_instruction, a.reference_iban,
             'Demo Partner Bank AG', ${seed.bankIban}, 'BYLADEM1001', 'Demo Partner Bank',
             a.decided_at, a.decided_at + interval '14 days', ${valueDate}::date, ${valueDate}::date,
             ${seed.maturityDay}::date, a.decided_at, now()
      from applications a
    `.execute(db);
    // The principal received, booked in the journal as the app books it (the per-deposit ledger derives from it).
    await bookSeededFunding(db);
    const runAt = startOfDayInZone(seed.maturityDay, BUSINESS_TIME_ZONE);
    await sql`
      insert into jobs (name, key, payload, run_at)
      select 'deposit.maturity', 'deposit.maturity:' || id, jsonb_build_object('deposit_id', id), ${runAt}
      from deposits
    `.execute(db);
    await sql`analyze`.execute(db);
  } finally {
    await database.close();
  }
}
