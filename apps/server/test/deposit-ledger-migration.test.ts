import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { DepositDetail } from "@festgeld/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrate } from "../src/db/migrate.ts";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { approvedApplication, fundedByStaff } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { balance, moveTo, today } from "./helpers/ledger.ts";
import { centsOf, dbCents } from "./helpers/money.ts";
import { settlePayments } from "./helpers/payments.ts";

/**
 * Migration 0210 on an installation that wrote `deposit_ledger` the old way: deposits the journal
 * knows (their rows were written beside their journal entries, after 0170) and deposits it does not
 * (rows only, from before the journal). The migration opens the latter, checks on the data that every
 * deposit's figures derived from the journal equal the table's, and replaces the table by the view;
 * a planted difference makes it fail and leaves everything as it was.
 */

const VERSION = "0210_deposit_ledger_from_journal";
let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

/** Back to the state before 0210: the table, 0170's opening function, no view. */
async function before0210() {
  const ledger0170 = await readFile(new URL("../src/db/migrations/0170_ledger.sql", import.meta.url), "utf8");
  const openingFunction = ledger0170.match(
    /create function ledger_open_from_deposit_ledger\(\)[\s\S]*?\$\$;/,
  );
  expect(openingFunction).not.toBeNull();
  for (const statement of [
    "drop view deposit_ledger",
    "drop trigger deposit_ledger_before_0210_frozen on deposit_ledger_before_0210",
    "drop trigger deposit_ledger_before_0210_no_truncate on deposit_ledger_before_0210",
    "drop function deposit_ledger_before_0210_frozen()",
    "alter table deposit_ledger_before_0210 rename to deposit_ledger",
    openingFunction?.[0] ?? "",
    `delete from schema_migrations where version = '${VERSION}'`,
  ]) {
    await sql.raw(statement).execute(t.app.db);
  }
}

/** A row as the deposits module wrote it before 0210. */
interface OldRow {
  deposit_id: string;
  kind: "principal_received" | "interest_credited" | "payout" | "carried_to_renewal";
  amount_cents: number;
  value_date: string;
  source: string;
  bank_statement_id?: string | null;
  booked_at: Date;
  booked_by?: string | null;
}

async function insertOld(rows: OldRow[]) {
  for (const r of rows) {
    await sql`
      insert into deposit_ledger (deposit_id, kind, amount_cents, value_date, source, bank_statement_id, booked_at, booked_by)
      values (${r.deposit_id}, ${r.kind}, ${r.amount_cents}, ${r.value_date}, ${r.source},
              ${r.bank_statement_id ?? null}, ${r.booked_at}, ${r.booked_by ?? null})
    `.execute(t.app.db);
  }
}

/** What the back office shows of a deposit's ledger: its sums and rows. */
async function shown(id: string) {
  const res = await t.app.inject({ url: `/api/admin/deposits/${id}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json() as DepositDetail;
  return { ledger: d.ledger, entries: d.entries };
}

/** A deposit funded by staff on the clock's today. */
function funded(instruction: "payout" | "renew_all", amount: number) {
  return fundedByStaff(t.app, admin, today(clock), { instruction, amount });
}

const entryOf = (reference: string) =>
  t.app.db
    .selectFrom("ledger_entries")
    .select(["created_at", "effective_date", "statement_id"])
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();

const interestOf = async (depositId: string) => {
  const event = await t.app.db
    .selectFrom("deposit_events")
    .select("details")
    .where("deposit_id", "=", depositId)
    .where("type", "=", "matured")
    .executeTakeFirstOrThrow();
  return dbCents(event.details.interest_cents as string);
};

describe("0210: deposit_ledger derived from the journal", () => {
  it("opens the deposits the journal does not know, finds every figure unchanged, and becomes a view", async () => {
    clock.reset();
    // Deposits the journal knows, moved by the app: paid out at maturity and booked by the bank;
    // renewed with everything; withdrawn, the refund not yet booked.
    const paid = await funded("payout", 10_000);
    const renewed = await funded("renew_all", 7_000);
    const withdrawn = await funded("payout", 6_000);
    const fundedAt = (id: string) => entryOf(`deposit:${id}:funds_received`);
    const w = await t.app.inject({
      method: "POST",
      url: `/api/applications/${withdrawn.application.id}/withdraw`,
      headers: withdrawn.saver.headers,
    });
    expect(w.statusCode, w.body).toBe(200);
    await moveTo(t.app, clock, paid.deposit.maturity_date ?? "");
    const booked = await settlePayments(t.app, admin, today(clock));
    const payoutOrder = booked.find((o) => o.deposit_id === paid.deposit.id);
    const refundOrder = booked.find((o) => o.deposit_id === withdrawn.deposit.id);
    if (!payoutOrder || !refundOrder) throw new Error("no payout or refund order booked");
    const next = await t.app.db
      .selectFrom("deposits")
      .select(["id", "amount_cents"])
      .where("previous_deposit_id", "=", renewed.deposit.id)
      .executeTakeFirstOrThrow();
    clock.reset();

    // Deposits from before the journal: rows only, no events, no entries.
    const a = await approvedApplication(t.app, await createUser(t.app), admin, { amount: 8_000 });
    const b = await approvedApplication(t.app, await createUser(t.app), admin, { amount: 6_000 });
    const c = await approvedApplication(t.app, await createUser(t.app), admin, { amount: 5_000 });
    const oldB = await t.app.db
      .selectFrom("deposits")
      .selectAll()
      .where("id", "=", b.deposit.id)
      .executeTakeFirstOrThrow();
    const renewal = await t.app.db
      .insertInto("deposits")
      .values({
        ...oldB,
        id: randomUUID(),
        previous_deposit_id: oldB.id,
        reference: "RF47FG999998",
        status: "active",
        amount_cents: "621000",
        value_date: "2024-03-01",
        maturity_date: "2025-03-01",
        funding_deadline: null,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();

    await before0210();
    const at = (date: string) => new Date(`${date}T10:00:00Z`);
    const legacy: OldRow[] = [
      ["principal_received", a.deposit.id, 800_000, "2023-01-10", "manual"],
      ["interest_credited", a.deposit.id, 28_000, "2024-01-10", "maturity"],
      ["payout", a.deposit.id, 828_000, "2024-01-12", "maturity"],
      ["principal_received", b.deposit.id, 600_000, "2023-03-01", "statement"],
      ["interest_credited", b.deposit.id, 21_000, "2024-03-01", "maturity"],
      ["carried_to_renewal", b.deposit.id, 621_000, "2024-03-01", "renewal"],
      ["principal_received", renewal.id, 621_000, "2024-03-01", "renewal"],
      ["principal_received", c.deposit.id, 400_000, "2024-05-05", "manual"],
    ].map(([kind, deposit_id, amount_cents, value_date, source]) => ({
      kind: kind as OldRow["kind"],
      deposit_id: deposit_id as string,
      amount_cents: amount_cents as number,
      value_date: value_date as string,
      source: source as string,
      booked_at: at(value_date as string),
      booked_by: kind === "principal_received" && source === "manual" ? admin.user.id : null,
    }));
    // The rows the old code wrote beside the journal entries of the app's deposits.
    const paidInterest = await interestOf(paid.deposit.id);
    const renewedInterest = await interestOf(renewed.deposit.id);
    const bookedEntry = await entryOf(`order:${payoutOrder.id}:booked`);
    const refundEntry = await entryOf(`order:${refundOrder.id}:booked`);
    const maturedOn = paid.deposit.maturity_date ?? "";
    const matured = await entryOf(`deposit:${paid.deposit.id}:matured:interest`);
    // Each deposit's rows carry its own journal entry's moment: two maturities a millisecond apart differ.
    const renewedMatured = await entryOf(`deposit:${renewed.deposit.id}:matured:interest`);
    const written: OldRow[] = [
      ...(await Promise.all(
        [paid, renewed, withdrawn].map(async ({ deposit: d }) => ({
          deposit_id: d.id,
          kind: "principal_received" as const,
          amount_cents: centsOf(d.amount),
          value_date: d.value_date ?? "",
          source: "manual",
          booked_at: (await fundedAt(d.id)).created_at,
          booked_by: admin.user.id,
        })),
      )),
      {
        deposit_id: paid.deposit.id,
        kind: "interest_credited",
        amount_cents: paidInterest,
        value_date: maturedOn,
        source: "maturity",
        booked_at: matured.created_at,
      },
      {
        deposit_id: paid.deposit.id,
        kind: "payout",
        amount_cents: centsOf(payoutOrder.amount),
        value_date: bookedEntry.effective_date,
        source: "maturity",
        bank_statement_id: bookedEntry.statement_id,
        booked_at: bookedEntry.created_at,
      },
      {
        deposit_id: withdrawn.deposit.id,
        kind: "payout",
        amount_cents: 600_000,
        value_date: refundEntry.effective_date,
        source: "withdrawal",
        bank_statement_id: refundEntry.statement_id,
        booked_at: refundEntry.created_at,
      },
      {
        deposit_id: renewed.deposit.id,
        kind: "interest_credited",
        amount_cents: renewedInterest,
        value_date: maturedOn,
        source: "maturity",
        booked_at: renewedMatured.created_at,
      },
      {
        deposit_id: renewed.deposit.id,
        kind: "carried_to_renewal",
        amount_cents: dbCents(next.amount_cents),
        value_date: maturedOn,
        source: "renewal",
        booked_at: renewedMatured.created_at,
      },
      {
        deposit_id: next.id,
        kind: "principal_received",
        amount_cents: dbCents(next.amount_cents),
        value_date: maturedOn,
        source: "renewal",
        booked_at: renewedMatured.created_at,
      },
    ];
    await insertOld([...legacy, ...written]);

    const ids = [paid, renewed, withdrawn].map((x) => x.deposit.id);
    ids.push(next.id, a.deposit.id, b.deposit.id, renewal.id, c.deposit.id);
    // What staff saw from the table, before.
    const before = new Map<string, Awaited<ReturnType<typeof shown>>>();
    for (const id of ids) before.set(id, await shown(id));
    expect(before.get(paid.deposit.id)?.ledger.balance).toBe(0);
    expect(before.get(withdrawn.deposit.id)?.ledger).toMatchObject({ paid_out: 6_000, balance: 0 });
    expect(before.get(c.deposit.id)?.ledger.balance).toBe(4_000);

    expect(await migrate(t.database)).toEqual([VERSION]);

    // Every figure and row is the same, now derived from the journal. For the deposits from before the
    // journal, the row's source, booking moment and booker come from the kept rows.
    const sortRows = (rows: DepositDetail["entries"]) =>
      [...rows].sort((x, y) => `${x.kind}${x.value_date}`.localeCompare(`${y.kind}${y.value_date}`));
    for (const id of ids) {
      const after = await shown(id);
      const was = before.get(id);
      expect(after.ledger, id).toEqual(was?.ledger);
      expect(sortRows(after.entries), id).toEqual(sortRows(was?.entries ?? []));
    }
    // The journal opened the deposits it did not know, each on its own value dates.
    expect(await balance(t.app, `deposits:${a.deposit.id}`)).toBe(0);
    expect(await balance(t.app, `deposits:${b.deposit.id}`)).toBe(0);
    expect(await balance(t.app, `deposits:${renewal.id}`)).toBe(-621_000);
    expect(await balance(t.app, `deposits:${c.deposit.id}`)).toBe(-400_000);
    const booker = await t.app.db
      .selectFrom("deposit_ledger")
      .select("booked_by")
      .where("deposit_id", "=", c.deposit.id)
      .executeTakeFirstOrThrow();
    expect(booker.booked_by).toBe(admin.user.id);

    // The table is a view now; the old rows are kept and refuse to change.
    const views = await sql<{ table_name: string }>`
      select table_name from information_schema.views where table_name = 'deposit_ledger'`.execute(t.app.db);
    expect(views.rows).toHaveLength(1);
    await expect(
      sql`update deposit_ledger_before_0210 set amount_cents = 1 where deposit_id = ${c.deposit.id}`.execute(
        t.app.db,
      ),
    ).rejects.toThrow(/kept as it was/);
    expect(await migrate(t.database)).toEqual([]);
  });

  it("refuses when a derived figure differs from the table, and leaves the table as it was", async () => {
    await before0210();
    // One row the journal does not say: a cent more than was received.
    const { rows } = await sql<{ deposit_id: string }>`
      update deposit_ledger set amount_cents = amount_cents + 1
      where id = (select min(id) from deposit_ledger where kind = 'principal_received' and source = 'manual')
      returning deposit_id::text`.execute(t.app.db);
    const planted = rows[0]?.deposit_id ?? "";
    expect(planted).not.toBe("");
    await expect(migrate(t.database)).rejects.toThrow(
      new RegExp(`differs from the table for 1 deposit\\(s\\): ${planted} \\(principal_received`),
    );
    const applied = await t.app.db
      .selectFrom("schema_migrations")
      .select("version")
      .where("version", "=", VERSION)
      .execute();
    expect(applied).toEqual([]);
    const tables = await sql<{ table_type: string }>`
      select table_type from information_schema.tables where table_name = 'deposit_ledger'`.execute(t.app.db);
    expect(tables.rows).toEqual([{ table_type: "BASE TABLE" }]);

    // Put right, it applies.
    await sql`update deposit_ledger set amount_cents = amount_cents - 1 where deposit_id = ${planted}
      and kind = 'principal_received'`.execute(t.app.db);
    expect(await migrate(t.database)).toEqual([VERSION]);
  });
});
