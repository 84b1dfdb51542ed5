import { BUSINESS_TIME_ZONE, dateInZone, startOfDayInZone } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import type { ClaimedJob } from "../src/db/job-queue.ts";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { fundedByStaff, maturityJobs, settleMaturities } from "./helpers/deposits.ts";
import type { createAdmin } from "./helpers/factories.ts";
import { pdfText } from "./helpers/ledger.ts";

/**
 * Maturity in set-based batches (docs/decisions.md "Maturity at scale"): a batch with every
 * instruction settles each deposit as a batch of one does; a second run over the same jobs, also at
 * the same time, settles nothing twice; the messages follow through the job queue with the figures
 * the settlement wrote.
 */

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

type Choice =
  | "payout"
  | "renew_principal"
  | "renew_all"
  | { rule: number /* renew_if_rate_at_least with this threshold */ };

/** Funded 12-month deposits, one per choice, on one value date (so they mature on one day). */
async function fundedSet(choices: readonly Choice[], valueDate: string) {
  const made = [];
  for (const [i, choice] of choices.entries()) {
    const { saver, deposit } = await fundedByStaff(t.app, admin, valueDate, {
      amount: 10_000 + 37 * i,
      instruction: typeof choice === "string" ? choice : "renew_all",
    });
    if (typeof choice !== "string") {
      // The renewal rule, set on the row: how the saver chose it is renewal-rule.test.ts's concern.
      await t.app.db
        .updateTable("deposits")
        .set({ maturity_instruction: "renew_if_rate_at_least", renew_min_rate: choice.rule.toFixed(2) })
        .where("id", "=", deposit.id)
        .execute();
    }
    made.push({ saver, depositId: deposit.id, choice });
  }
  return made;
}

const CHOICES: Choice[] = ["payout", "renew_principal", "renew_all", { rule: 3 }, { rule: 9 }];

const jobsOf = (depositIds: readonly string[]) => maturityJobs(t.app, depositIds);
const settle = (jobs: readonly ClaimedJob[], now: Date) => settleMaturities(t.app, jobs, now);

/** Everything a maturity writes for one deposit, without ids, times and random parts. */
async function outcome(depositId: string) {
  const db = t.app.db;
  const deposit = await db
    .selectFrom("deposits")
    .selectAll()
    .where("id", "=", depositId)
    .executeTakeFirstOrThrow();
  const next = await db
    .selectFrom("deposits")
    .selectAll()
    .where("previous_deposit_id", "=", depositId)
    .executeTakeFirst();
  const ids = [depositId, ...(next ? [next.id] : [])];
  const ledger = await db
    .selectFrom("deposit_ledger")
    .select(["deposit_id", "kind", "amount_cents", "value_date", "source"])
    .where("deposit_id", "in", ids)
    .orderBy("id")
    .execute();
  const orders = await db
    .selectFrom("payment_orders")
    .selectAll()
    .where("deposit_id", "=", depositId)
    .orderBy("created_at")
    .execute();
  const events = await db
    .selectFrom("deposit_events")
    .select(["deposit_id", "type", "details"])
    .where("deposit_id", "in", ids)
    .orderBy("id")
    .execute();
  const entries = await db
    .selectFrom("ledger_entries as e")
    .innerJoin("ledger_lines as l", "l.entry_id", "e.id")
    .select(["e.kind", "e.effective_date", "l.account", "l.amount_cents", "e.reference"])
    .where((eb) =>
      eb.or([
        eb("e.deposit_id", "in", ids),
        eb("e.payment_order_id", "in", orders.length ? orders.map((o) => o.id) : ["none"]),
      ]),
    )
    .orderBy("e.id")
    .orderBy("l.id")
    .execute();
  const jobs = await db
    .selectFrom("jobs")
    .select(["name", "key", "payload"])
    .where((eb) =>
      eb.or([
        eb("key", "like", `%${depositId}%`),
        ...(next ? [eb("key", "like", `%${next.id}%`)] : []),
        ...orders.map((o) => eb("key", "like", `%${o.id}%`)),
      ]),
    )
    .orderBy("id")
    .execute();
  const anon = (text: string) =>
    text
      .replaceAll(depositId, "<deposit>")
      .replaceAll(next?.id ?? "<none>", "<next>")
      .replace(/RF\d{2}[A-Z0-9]+/g, "<rf>")
      .replace(/FGP\d{8}[0-9A-F]{12}/g, "<e2e>")
      .replace(/"order_id":"[^"]+"|order:[0-9a-f-]{36}|:[0-9a-f-]{36}$/g, "<order>")
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>");
  return {
    deposit: {
      status: deposit.status,
      matured: deposit.matured_at !== null,
      renewed: deposit.renewed_at !== null,
    },
    next: next
      ? {
          status: next.status,
          amount_cents: String(next.amount_cents),
          interest_rate: next.interest_rate,
          duration_months: next.duration_months,
          value_date: next.value_date,
          maturity_date: next.maturity_date,
          maturity_instruction: next.maturity_instruction,
          renew_min_rate: next.renew_min_rate,
          bank_iban: next.bank_iban,
        }
      : null,
    ledger: ledger.map((l) => anon(JSON.stringify({ ...l, amount_cents: String(l.amount_cents) }))),
    orders: orders.map((o) =>
      anon(
        JSON.stringify({
          source: o.source,
          status: o.status,
          debtor: [o.debtor_name, o.debtor_iban, o.debtor_bic],
          creditor: [o.creditor_name, o.creditor_iban],
          amount: [String(o.amount_cents), String(o.principal_cents), String(o.interest_cents)],
          remittance: o.remittance,
          requested: o.requested_date,
        }),
      ),
    ),
    events: events.map((e) => anon(JSON.stringify(e))),
    journal: entries.map((e) => anon(JSON.stringify({ ...e, amount_cents: String(e.amount_cents) }))),
    jobs: jobs.map((j) => anon(JSON.stringify(j))),
  };
}

const noon = (date: string) =>
  new Date(startOfDayInZone(date, BUSINESS_TIME_ZONE).getTime() + 12 * 3_600_000);

describe("maturity in batches", () => {
  it("a batch with every instruction settles each deposit exactly as a batch of one does", async () => {
    clock.reset();
    const today = dateInZone(clock.now(), BUSINESS_TIME_ZONE);
    const together = await fundedSet(CHOICES, today);
    const alone = await fundedSet(CHOICES, today);
    const maturity = (
      await t.app.db
        .selectFrom("deposits")
        .select("maturity_date")
        .where("id", "=", together[0]?.depositId ?? "")
        .executeTakeFirstOrThrow()
    ).maturity_date as string;
    const now = noon(maturity);
    await settle(await jobsOf(together.map((d) => d.depositId)), now);
    for (const d of alone) await settle(await jobsOf([d.depositId]), now);

    for (const [i, choice] of CHOICES.entries()) {
      const batch = await outcome(together[i]?.depositId ?? "");
      const single = await outcome(alone[i]?.depositId ?? "");
      // Amounts differ by saver (10,000 + 37 i each way, the same i): same figures, same everything.
      expect(batch, JSON.stringify(choice)).toEqual(single);
    }
    // And what each choice did, stated once more in plain figures (10,000 EUR at 3.5 %: 350 EUR).
    const statuses = await Promise.all(together.map((d) => outcome(d.depositId)));
    expect(statuses.map((s) => s.deposit.status)).toEqual([
      "payout_pending",
      "renewed",
      "renewed",
      "renewed",
      "payout_pending",
    ]);
    expect(statuses.map((s) => s.next?.amount_cents ?? null)).toEqual([
      null,
      "1003700",
      // renew_all: 10,074 EUR + 352.59 EUR; the rule met (3 % <= 3.5 %): 10,111 EUR + 353.89 EUR.
      String(1_007_400 + 35_259),
      String(1_011_100 + 35_389),
      null,
    ]);
    expect(statuses[0]?.orders).toHaveLength(1);
    expect(statuses[1]?.orders).toHaveLength(1);
    expect(statuses[1]?.orders[0]).toContain('"amount":["35130","0","35130"]');
    expect(statuses[4]?.orders[0]).toContain('"source":"maturity_payout"');
    expect(statuses[4]?.events.join()).toContain("renewal_rate_below_threshold");
    // The journal of the whole batch balances: every entry's lines sum to zero.
    const unbalanced = await t.app.db
      .selectFrom("ledger_lines")
      .select("entry_id")
      .groupBy("entry_id")
      .having((eb) => eb.fn.sum("amount_cents"), "<>", 0)
      .execute();
    expect(unbalanced).toEqual([]);
  });

  /** The day a deposit matures. */
  const maturityDate = async (id: string) =>
    (
      await t.app.db
        .selectFrom("deposits")
        .select("maturity_date")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).maturity_date as string;

  it("a second run over the same jobs, also at the same time, settles nothing twice", async () => {
    clock.reset();
    const today = dateInZone(clock.now(), BUSINESS_TIME_ZONE);
    const set = await fundedSet(["payout", "renew_principal", "renew_all"], today);
    const ids = set.map((d) => d.depositId);
    const jobs = await jobsOf(ids);
    const maturity = await maturityDate(ids[0] ?? "");
    const now = noon(maturity);
    // Two runs at once (two connections on the PostgreSQL server; one after the other on the embedded
    // database), then a third after both: a run after a lost lease.
    await Promise.all([settle(jobs, now), settle(jobs, now)]);
    await settle(jobs, now);
    const count = async (table: "deposit_ledger" | "payment_orders", kind?: string) =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .where("deposit_id", "in", ids)
            .$if(kind !== undefined, (q) => q.where("kind" as never, "=", kind as never))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("deposit_ledger", "interest_credited")).toBe(3);
    expect(await count("deposit_ledger", "carried_to_renewal")).toBe(2);
    expect(await count("payment_orders")).toBe(2);
    const renewals = await t.app.db
      .selectFrom("deposits")
      .select("id")
      .where("previous_deposit_id", "in", ids)
      .execute();
    expect(renewals).toHaveLength(2);
    const interestEntries = await t.app.db
      .selectFrom("ledger_entries")
      .select("id")
      .where("kind", "=", "interest_credited")
      .where("deposit_id", "in", ids)
      .execute();
    expect(interestEntries).toHaveLength(3);
    const told = await t.app.db
      .selectFrom("jobs")
      .select("key")
      .where("name", "=", "messages.notify")
      .where((eb) => eb.or(set.map((d) => eb("key", "like", `messages.notify:${d.saver.user.id}:%`))))
      .execute();
    // payout ordered (payout), renewed + its interest ordered (renew_principal), renewed (renew_all).
    expect(told).toHaveLength(4);
  });

  it("the messages follow through the queue: inbox and postbox document with the settled figures, the e-mail from the same facts", async () => {
    clock.reset();
    const today = dateInZone(clock.now(), BUSINESS_TIME_ZONE);
    const [payout, renewal] = await fundedSet(["payout", "renew_principal"], today);
    if (!payout || !renewal) throw new Error("not funded");
    const maturity = (
      await t.app.db
        .selectFrom("deposits")
        .select("maturity_date")
        .where("id", "=", payout.depositId)
        .executeTakeFirstOrThrow()
    ).maturity_date as string;
    const now = noon(maturity);
    clock.set(now);
    await settle(await jobsOf([payout.depositId, renewal.depositId]), now);
    const inbox = async (headers: { authorization: string }) =>
      (await t.app.inject({ url: "/api/notifications", headers })).json() as Array<{
        title: string;
        message: string;
      }>;
    const documents = async (headers: { authorization: string }) =>
      (await t.app.inject({ url: "/api/documents", headers })).json() as Array<{ id: string; kind: string }>;
    // Settled, not told yet: the settlement waited for no PDF and no e-mail.
    const before = (await inbox(payout.saver.headers)).length;
    expect((await inbox(payout.saver.headers)).some((m) => m.message.includes("10,350.00"))).toBe(false);
    expect(
      (await documents(renewal.saver.headers)).filter((d) => d.kind === "maturity_statement"),
    ).toHaveLength(0);
    // The queue tells them (run the jobs due now: the maturity jobs are not marked done here, and find
    // their deposits settled, so they book nothing).
    await t.app.jobs.runDue();
    const order = await t.app.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("deposit_id", "=", payout.depositId)
      .executeTakeFirstOrThrow();
    expect(String(order.amount_cents)).toBe("1035000");
    // The e-mail is rendered from the facts queued with the message, fixed at settlement.
    const queued = await t.app.db
      .selectFrom("jobs")
      .select("payload")
      .where("key", "=", `messages.notify:${payout.saver.user.id}:deposit_payout_ordered:${order.id}`)
      .executeTakeFirstOrThrow();
    expect(queued.payload).toMatchObject({
      event: "deposit_payout_ordered",
      facts: { payout_cents: 1_035_000 },
    });
    const told = await inbox(payout.saver.headers);
    expect(told.length).toBe(before + 1);
    expect(told.some((m) => m.message.includes("10,350.00"))).toBe(true);
    // renew_principal: 10,037 EUR at 3.5 %: 351.30 EUR interest, paid out; the statement says so.
    const statements = (await documents(renewal.saver.headers)).filter(
      (d) => d.kind === "maturity_statement",
    );
    expect(statements).toHaveLength(1);
    const pdf = await t.app.inject({
      url: `/api/documents/${statements[0]?.id}`,
      headers: renewal.saver.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("351.30");
    expect(text).toContain("10,037.00");
    // Told once: running the queue again tells nothing more.
    await t.app.jobs.runDue();
    expect((await inbox(payout.saver.headers)).length).toBe(before + 1);
    const jobs = await t.app.db
      .selectFrom("jobs")
      .select(["state", "attempts"])
      .where("name", "=", "messages.notify")
      .where("key", "like", `messages.notify:${renewal.saver.user.id}:%`)
      .execute();
    expect(jobs.map((j) => [j.state, j.attempts])).toEqual([
      ["done", 1],
      ["done", 1],
    ]);
    clock.reset();
  });

  it("a batch with a job that fails settles the others, each alone, and retries only the failing one", async () => {
    clock.reset();
    const today = dateInZone(clock.now(), BUSINESS_TIME_ZONE);
    const set = await fundedSet(["payout", "renew_all"], today);
    const ids = set.map((d) => d.depositId);
    const maturity = await maturityDate(ids[0] ?? "");
    const now = noon(maturity);
    // A maturity job that names no deposit, due with the others: the batch fails as a whole.
    await t.app.db
      .insertInto("jobs")
      .values({ name: "deposit.maturity", key: "deposit.maturity:broken-batch", payload: "{}", run_at: now })
      .execute();
    clock.set(now);
    await t.app.jobs.runDue();
    const jobs = await t.app.db
      .selectFrom("jobs")
      .select(["key", "state", "attempts", "last_error"])
      .where("key", "in", [...ids.map((id) => `deposit.maturity:${id}`), "deposit.maturity:broken-batch"])
      .execute();
    const byKey = new Map(jobs.map((j) => [j.key, j]));
    for (const id of ids)
      expect(byKey.get(`deposit.maturity:${id}`)).toMatchObject({ state: "done", attempts: 1 });
    expect(byKey.get("deposit.maturity:broken-batch")).toMatchObject({ state: "pending", attempts: 1 });
    expect(byKey.get("deposit.maturity:broken-batch")?.last_error).toMatch(/names no deposit/);
    const statuses = await t.app.db
      .selectFrom("deposits")
      .select("status")
      .where("id", "in", ids)
      .orderBy("status")
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(["payout_pending", "renewed"]);
    await t.app.db
      .updateTable("jobs")
      .set({ state: "cancelled" })
      .where("key", "=", "deposit.maturity:broken-batch")
      .execute();
    clock.reset();
  });
});
