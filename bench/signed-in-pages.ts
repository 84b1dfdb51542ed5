/**
 * The signed-in pages for bench/web-budget.ts: a saver with deposits in three states and messages in
 * the inbox, and an admin who has enrolled two-factor, on a fresh database of the PostgreSQL server.
 * The data is written with set-based SQL and the sessions are created in-process (the server's own
 * functions, the same data directory, so the compiled server started afterwards reads the admin's
 * sealed secret and both sessions); the messages are sent through the compiled server's API.
 */
import { addMonths, LANGUAGES } from "@festgeld/domain";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { createSession } from "../apps/server/src/modules/auth/session.service.ts";
import { bookSeededFunding } from "./seed-journal.ts";

export interface SignedInData {
  saverToken: string;
  adminToken: string;
}

const SESSION = { idleMinutes: 240, absoluteHours: 12 };

/** Seeds the saver and the admin on `url` (migrated here) and returns a session token for each. */
export async function seedSignedIn(url: string, dataDir: string): Promise<SignedInData> {
  const database = await openPostgres(url, 2);
  try {
    await migrate(database);
    const db = database.db;
    const today = new Date().toISOString().slice(0, 10);
    const valueDate = addMonths(today, -5);
    const ids = await sql<{ id: string; role: string }>`
      insert into users (email, password_hash, full_name, role, kyc_status, language, email_verified_at, created_at, updated_at)
      values ('saver@bench.test', 'not-a-real-hash', 'Bench Saver', 'user', 'approved', ${LANGUAGES[0]}, now(), now(), now()),
             ('admin@bench.test', 'not-a-real-hash', 'Bench Admin', 'admin', 'not_started', ${LANGUAGES[0]}, now(), now(), now())
      returning id, role
    `.execute(db);
    const saverId = ids.rows.find((r) => r.role === "user")?.id ?? "";
    const adminId = ids.rows.find((r) => r.role === "admin")?.id ?? "";
    // Four applications on the offered packages: three became deposits (running, awaiting the money,
    // paid out), one waits for a decision.
    await sql`
      with pkgs as (
        select id, interest_rate, duration_months, row_number() over (order by duration_months) as n
        from packages where is_active limit 4
      )
      insert into applications (
        user_id, package_id, full_name, email, phone, amount_cents, currency, interest_rate, duration_months,
        reference_iban, maturity_instruction, info_sheet_acknowledged_at, status, decided_at, created_at, updated_at
      )
      select ${saverId}, p.id, 'Bench Saver', 'saver@bench.test', '+49 30 1234567', (10000 + p.n * 2500) * 100, 'EUR',
             p.interest_rate, p.duration_months, 'DE89370400440532013000', 'payout', ${valueDate}::date - 3,
             case when p.n = 4 then 'pending' else 'approved' end,
             case when p.n = 4 then null else ${valueDate}::date - 2 end, ${valueDate}::date - 3, now()
      from pkgs p
    `.execute(db);
    await sql`
      insert into deposits (
        application_id, user_id, package_id, reference, status, amount_cents, currency, interest_rate,
        duration_months, maturity_instruction, payer_iban, bank_holder, bank_iban, bank_bic, bank_name,
        approved_at, funding_deadline, funded_at, value_date, maturity_date, created_at, updated_at
      )
      select a.id, a.user_id, a.package_id, 'RF00BENCH' || a.n, s.status, a.amount_cents, 'EUR',
             a.interest_rate, a.duration_months, a.maturity_instruction, a.reference_iban,
             'Demo Partner Bank AG', 'DE02120300000000202051', 'BYLADEM1001', 'Demo Partner Bank',
             now() - interval '2 days', now() + interval '12 days',
             case when s.status = 'awaiting_funds' then null else ${valueDate}::date end,
             case when s.status = 'awaiting_funds' then null else ${valueDate}::date end,
             case when s.status = 'awaiting_funds' then null else ${valueDate}::date + a.duration_months * interval '1 month' end,
             now(), now()
      from (select a.*, row_number() over (order by a.duration_months) as n from applications a where a.status = 'approved') a
      join (values (1, 'active'), (2, 'awaiting_funds'), (3, 'active')) as s(n, status) on s.n = a.n
    `.execute(db);
    // The money received, booked in the journal as the app books it (the per-deposit ledger derives from it).
    await bookSeededFunding(db);
    await sql`analyze`.execute(db);

    // Every admin signs in with two-factor: this one has enrolled (the secret is sealed with the data
    // directory's key, which the compiled server started afterwards reads).
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: "/nonexistent",
      }),
      database,
      closeDatabase: false,
      logger: false,
    });
    try {
      await app.ready();
      await db
        .insertInto("user_totp")
        .values({
          user_id: adminId,
          secret_sealed: await app.totpSecrets.seal(adminId, "JBSWY3DPEHPK3PXP"),
          confirmed_at: new Date(),
        })
        .execute();
    } finally {
      await app.close();
    }
    const saver = await createSession(db, SESSION, saverId);
    const admin = await createSession(db, SESSION, adminId);
    return { saverToken: saver.token, adminToken: admin.token };
  } finally {
    await database.close();
  }
}

/** A few messages in the saver's inbox, sent by the admin through the API of the running server. */
export async function sendMessages(baseUrl: string, adminToken: string): Promise<void> {
  for (let i = 1; i <= 5; i++) {
    const res = await fetch(`${baseUrl}/api/admin/notifications/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        title: `Rate update ${i}`,
        message: `Our offers changed on day ${i}. The new rates apply to applications from today; running deposits keep theirs.`,
      }),
    });
    if (!res.ok) throw new Error(`sending a message failed: ${res.status} ${await res.text()}`);
  }
}
