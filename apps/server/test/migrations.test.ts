import { readFile } from "node:fs/promises";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "../src/db/migrate.ts";
import { createTestDatabase } from "./helpers/app.ts";

describe("migrations", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("applies once; running again changes nothing and does not duplicate the seeded packages", async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    expect(await migrate(database)).toEqual([]);
    const { count } = await database.db
      .selectFrom("packages")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(5);
  });

  it("0180 moves existing packages, the admin's own included, to the brand's banks by term", async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const db = database.db;
    // Back to the state before 0180, with packages staff added meanwhile (one withdrawn).
    for (const statement of [
      "alter table packages drop column bank_id",
      "drop table banks",
      "delete from schema_migrations where version = '0180_banks'",
      `insert into packages (duration_months, interest_rate, min_amount_cents, max_amount_cents, features, is_active)
       values (24, 4.10, 1000000, 50000000, '{"en": ["x"], "de": ["x"], "fr": ["x"]}', true),
              (6, 2.90, 100000, 5000000, '{"en": ["y"], "de": ["y"], "fr": ["y"]}', false)`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    expect(await migrate(database)).toEqual(["0180_banks"]);
    const rows = await db
      .selectFrom("packages")
      .innerJoin("banks", "banks.id", "packages.bank_id")
      .select(["packages.duration_months", "banks.slug"])
      .orderBy("packages.duration_months")
      .execute();
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(row.slug, `${row.duration_months} months`).toBe(
        row.duration_months >= 24 ? "beispiel-sparbank" : "demo-partnerbank",
      );
    }
    // Running again changes nothing.
    expect(await migrate(database)).toEqual([]);
  });

  it("0200 turns application amounts, package limits and the status totals into exact cents", async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const db = database.db;
    // Back to the state before 0200: euros in numeric columns, the package-level partner bank account,
    // and the trigger functions of 0045 that sum euros.
    const totals0045 = await readFile(
      new URL("../src/db/migrations/0045_application_totals.sql", import.meta.url),
      "utf8",
    );
    const oldFunctions = totals0045.match(
      /create function application_totals_after_(insert|delete|update)\(\)[\s\S]*?\$\$;/g,
    );
    expect(oldFunctions).toHaveLength(3);
    for (const statement of [
      "alter table applications drop constraint applications_amount_cents_check",
      "alter table applications alter column amount_cents type numeric(14, 2) using amount_cents / 100.0",
      "alter table applications rename column amount_cents to amount",
      "alter table applications add constraint applications_amount_check check (amount > 0)",
      "alter table packages drop constraint packages_min_amount_cents_check",
      "alter table packages drop constraint packages_max_amount_cents_check",
      `alter table packages
         alter column min_amount_cents type numeric(14, 2) using min_amount_cents / 100.0,
         alter column max_amount_cents type numeric(14, 2) using max_amount_cents / 100.0`,
      "alter table packages rename column min_amount_cents to min_amount",
      "alter table packages rename column max_amount_cents to max_amount",
      "alter table packages add constraint packages_min_amount_check check (min_amount > 0)",
      "alter table packages add constraint packages_check check (max_amount >= min_amount)",
      `alter table packages add column partner_bank_holder text, add column partner_bank_iban text,
         add column partner_bank_bic text, add column partner_bank_name text,
         add constraint packages_partner_bank_complete check (
           (partner_bank_holder is null) = (partner_bank_iban is null)
           and (partner_bank_iban is null) = (partner_bank_bic is null))`,
      "alter table application_status_totals alter column amount_cents type numeric(20, 2) using amount_cents / 100.0",
      "alter table application_status_totals rename column amount_cents to amount",
      ...(oldFunctions ?? []).map((f) => f.replace("create function", "create or replace function")),
      "delete from schema_migrations where version = '0200_money_in_cents'",
      // A package staff added with cents in its limits and an account of its own, and applications of every
      // status, the largest amount a numeric(14,2) holds among them; the old triggers keep the totals.
      `insert into packages (duration_months, interest_rate, min_amount, max_amount, features, bank_id,
         partner_bank_holder, partner_bank_iban, partner_bank_bic, partner_bank_name)
       select 18, 3.33, 1000.50, 1234567.89, '{"en": ["x"], "de": ["x"], "fr": ["x"]}', id,
         'Old Holder', 'DE02120300000000202051', 'BYLADEM1001', 'Old Bank'
       from banks order by slug limit 1`,
      `insert into applications (package_id, full_name, email, phone, amount, currency, interest_rate,
         duration_months, status, decided_at, reference_iban, maturity_instruction, info_sheet_acknowledged_at)
       select p.id, 'Saver ' || v.n, 'saver' || v.n || '@example.test', '+49 30 1234567', v.amount, 'EUR', 3.33, 18,
         v.status, case when v.status = 'pending' then null else now() end,
         'DE89370400440532013000', 'payout', now()
       from packages p
       cross join (values (1, 1000.01, 'pending'), (2, 999999999999.99, 'approved'), (3, 0.01, 'approved'),
                          (4, 2500.50, 'rejected'), (5, 10000.00, 'pending')) as v (n, amount, status)
       where p.duration_months = 18`,
    ]) {
      await sql.raw(statement).execute(db);
    }

    expect(await migrate(database)).toEqual(["0200_money_in_cents"]);

    const applications = await db
      .selectFrom("applications")
      .select(["full_name", "amount_cents"])
      .orderBy("full_name")
      .execute();
    expect(applications).toEqual([
      { full_name: "Saver 1", amount_cents: 100_001n },
      { full_name: "Saver 2", amount_cents: 99_999_999_999_999n },
      { full_name: "Saver 3", amount_cents: 1n },
      { full_name: "Saver 4", amount_cents: 250_050n },
      { full_name: "Saver 5", amount_cents: 1_000_000n },
    ]);
    const limits = await db
      .selectFrom("packages")
      .select(["duration_months", "min_amount_cents", "max_amount_cents"])
      .orderBy("duration_months")
      .execute();
    expect(limits).toEqual([
      { duration_months: 3, min_amount_cents: 100_000n, max_amount_cents: 5_000_000n },
      { duration_months: 6, min_amount_cents: 100_000n, max_amount_cents: 10_000_000n },
      { duration_months: 12, min_amount_cents: 500_000n, max_amount_cents: 25_000_000n },
      { duration_months: 18, min_amount_cents: 100_050n, max_amount_cents: 123_456_789n },
      { duration_months: 24, min_amount_cents: 500_000n, max_amount_cents: 50_000_000n },
      { duration_months: 36, min_amount_cents: 500_000n, max_amount_cents: 50_000_000n },
    ]);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'packages' and column_name like 'partner_bank%'
    `.execute(db);
    expect(columns.rows).toEqual([]);

    /** The kept totals per status, and the live sums the slow way: they must agree. */
    const totals = async () => {
      const kept = await sql<{ status: string; n: string; cents: string }>`
        select status, sum(applications)::text as n, sum(amount_cents)::text as cents
        from application_status_totals group by status
        having sum(applications) <> 0 or sum(amount_cents) <> 0 order by status
      `.execute(db);
      const live = await sql<{ status: string; n: string; cents: string }>`
        select status, count(*)::text as n, sum(amount_cents)::text as cents
        from applications group by status order by status
      `.execute(db);
      expect(kept.rows).toEqual(live.rows);
      return kept.rows;
    };
    expect(await totals()).toEqual([
      { status: "approved", n: "2", cents: "100000000000000" },
      { status: "pending", n: "2", cents: "1100001" },
      { status: "rejected", n: "1", cents: "250050" },
    ]);
    // The redefined trigger functions sum cents on every kind of change.
    await sql`
      insert into applications (package_id, full_name, email, phone, amount_cents, currency, interest_rate,
        duration_months, status)
      select id, 'Saver 6', 'saver6@example.test', '+49 30 1234567', 123456, 'EUR', 3.33, 18, 'pending'
      from packages where duration_months = 18
    `.execute(db);
    await totals();
    await sql`update applications set amount_cents = amount_cents + 1 where status = 'pending'`.execute(db);
    await totals();
    await sql`delete from applications where full_name = 'Saver 4'`.execute(db);
    expect(await totals()).toEqual([
      { status: "approved", n: "2", cents: "100000000000000" },
      { status: "pending", n: "3", cents: "1223460" },
    ]);

    // Every check keeps its meaning: a positive amount, a positive minimum, a maximum not below it.
    await expect(
      sql`update applications set amount_cents = 0 where full_name = 'Saver 1'`.execute(db),
    ).rejects.toThrow(/applications_amount_cents_check/);
    await expect(
      sql`update packages set min_amount_cents = 0 where duration_months = 18`.execute(db),
    ).rejects.toThrow(/packages_min_amount_cents_check/);
    await expect(
      sql`update packages set max_amount_cents = 100049 where duration_months = 18`.execute(db),
    ).rejects.toThrow(/packages_max_amount_cents_check/);
    await sql`update packages set max_amount_cents = 100050 where duration_months = 18`.execute(db);

    // Running again changes nothing.
    expect(await migrate(database)).toEqual([]);
  });
});
