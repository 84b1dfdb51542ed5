import { type Kysely, sql } from "kysely";
import type { DB } from "../apps/server/src/db/schema.ts";

/**
 * The money of the seeded funded deposits, booked as the app books a receipt: the `funds_received`
 * journal entry of each deposit (cash to the deposit's account, reference
 * `deposit:<id>:funds_received`, on its value date, source manual), with the accounts it needs, in
 * three set-based statements. The per-deposit ledger is derived from the journal (the view
 * `deposit_ledger`, migration 0210), so this is the only write of that money.
 */
export async function bookSeededFunding(db: Kysely<DB>) {
  await sql`
    insert into ledger_accounts (address, type, bank_iban)
    select distinct 'banks:' || d.bank_iban || ':' || t.type, t.type, d.bank_iban
    from deposits d cross join (values ('cash'), ('interest_expense'), ('suspense'), ('in_transit')) as t (type)
    where d.funded_at is not null
    on conflict (address) do nothing
  `.execute(db);
  await sql`
    insert into ledger_accounts (address, type, bank_iban, deposit_id)
    select 'deposits:' || id, 'deposit', bank_iban, id from deposits where funded_at is not null
    on conflict (address) do nothing
  `.execute(db);
  // The entries and their lines in one statement: the database checks at commit that each balances.
  await sql`
    with entries as (
      insert into ledger_entries (kind, reference, effective_date, created_at, deposit_id, details)
      select 'funds_received', 'deposit:' || id || ':funds_received', value_date, funded_at, id,
             '{"source": "manual"}'::jsonb
      from deposits where funded_at is not null
      order by value_date, id
      returning id, deposit_id
    )
    insert into ledger_lines (entry_id, account, amount_cents)
    select e.id, l.account, l.cents
    from entries e
    join deposits d on d.id = e.deposit_id
    cross join lateral (values ('banks:' || d.bank_iban || ':cash', d.amount_cents),
                               ('deposits:' || d.id, -d.amount_cents)) as l (account, cents)
  `.execute(db);
}
