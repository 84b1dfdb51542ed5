import { randomUUID } from "node:crypto";
import { BUSINESS_TIME_ZONE, dateInZone } from "@festgeld/domain";
import { unzipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { fundedByStaff, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, createUser, TEST_PASSWORD, totpCode } from "./helpers/factories.ts";

/**
 * Findings of a security review of staff traces, erasure, attempt limits and registration, each
 * reproduced the way the reviewer did it.
 */
let t: TestApp;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "100000" });
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const post = (url: string, payload?: object, headers?: Headers, remoteAddress?: string) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: remoteAddress ?? `10.66.0.${(++addressCounter % 250) + 1}`,
    ...(headers ? { headers } : {}),
    ...(payload ? { payload } : {}),
  });

async function exportedJson(headers: Headers) {
  const res = await t.app.inject({ url: "/api/me/export", headers });
  expect(res.statusCode).toBe(200);
  return new TextDecoder().decode(unzipSync(new Uint8Array(res.rawPayload))["data.json"]);
}

describe("staff actions in the saver's records", () => {
  it("show the saver that staff acted and when, never who or from where", async () => {
    const staff = await createAdmin(t.app, { email: `staff-${randomUUID()}@bank.example` });
    const saver = await createUser(t.app);
    const STAFF_IP = "203.0.113.99";
    for (const action of ["lock", "unlock", "revoke-sessions", "send-password-reset"]) {
      const res = await post(
        `/api/admin/users/${saver.user.id}/${action}`,
        undefined,
        staff.headers,
        STAFF_IP,
      );
      expect(res.statusCode, `${action}: ${res.body}`).toBeLessThan(300);
    }
    // a payment order staff cancelled, with their internal reason
    await t.app.db
      .insertInto("payment_orders")
      .values({
        source: "maturity_payout",
        status: "cancelled",
        user_id: saver.user.id,
        debtor_name: "Partner Bank",
        debtor_iban: "DE52000000000012345678",
        debtor_bic: "MARKDEF1100",
        creditor_name: saver.user.full_name,
        creditor_iban: "DE89370400440532013000",
        amount_cents: 100_00n,
        principal_cents: 100_00n,
        interest_cents: 0n,
        end_to_end_id: `E2E-${randomUUID().slice(0, 8)}`,
        remittance: "Payout",
        requested_date: "2026-01-05",
        cancel_reason: "STAFF-INTERNAL: suspected mule account",
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();

    const signIn = await post("/api/auth/login", { email: saver.user.email, password: TEST_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().access_token}` };

    const json = await exportedJson(headers);
    expect(json).not.toContain(STAFF_IP);
    expect(json).not.toContain(staff.user.email);
    expect(json).not.toContain("STAFF-INTERNAL");
    const events = JSON.parse(json).tables.account_events as Array<{ event: string; detail: unknown }>;
    for (const event of [
      "account_locked",
      "account_unlocked",
      "sessions_revoked",
      "password_reset_sent_by_staff",
    ]) {
      expect(events.find((e) => e.event === event)?.detail, event).toMatchObject({ by_staff: true });
    }
    expect(JSON.parse(json).tables.payment_orders[0]).toMatchObject({ status: "cancelled" });

    const shown = await t.app.inject({ url: "/api/auth/security/events", headers });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain(STAFF_IP);
    const locked = (shown.json() as Array<{ event: string; ip: string | null; created_at: string }>).find(
      (e) => e.event === "account_locked",
    );
    expect(locked).toMatchObject({ ip: null, device: null });
    expect(locked?.created_at).toBeTruthy();

    // the audit log keeps who did it and from where
    const audit = await t.app.db
      .selectFrom("audit_log")
      .select(["actor_email", "details"])
      .where("target_id", "=", saver.user.id)
      .where("action", "=", "user.locked")
      .executeTakeFirstOrThrow();
    expect(audit.actor_email).toBe(staff.user.email);
    expect(audit.details).toMatchObject({ ip: STAFF_IP });
  });
});

describe("every check of the current password", () => {
  it("counts on one counter: a stolen session gets the account limit (10) in all, not per place", async () => {
    const saver = await createUser(t.app);
    const setup = await post("/api/auth/two-factor/setup", undefined, saver.headers);
    const { secret } = setup.json() as { secret: string };
    expect(
      (await post("/api/auth/two-factor/enable", { code: totpCode(secret) }, saver.headers)).statusCode,
    ).toBe(200);
    const places: Array<[string, (guess: string) => object]> = [
      ["/api/auth/passkeys/registration-options", (guess) => ({ current_password: guess })],
      ["/api/auth/two-factor/recovery-codes", (guess) => ({ current_password: guess })],
      ["/api/me/close", (guess) => ({ password: guess })],
      ["/api/auth/two-factor/disable", (guess) => ({ current_password: guess, code: totpCode(secret) })],
    ];
    const codes: string[] = [];
    for (let i = 0; i < 32; i++) {
      const [url, body] = places[i % places.length] as (typeof places)[number];
      codes.push((await post(url, body(`guess-${i}`), saver.headers)).json().code);
    }
    const evaluated = codes.filter((c) => c === "wrong_current_password").length;
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(codes.slice(-8).every((c) => c === "rate_limited")).toBe(true);
    // the password change waits too: it is the same counter
    const change = await post(
      "/api/auth/password",
      { current_password: TEST_PASSWORD, new_password: "another long passphrase 42" },
      saver.headers,
    );
    expect(change.statusCode).toBe(429);
  });
});

describe("statements of holdings", () => {
  const ask = (headers: Headers, date: string) =>
    t.app.inject({ method: "POST", url: "/api/documents/holdings-statement", headers, payload: { date } });
  const stored = (userId: string) =>
    t.app.db.selectFrom("postbox_documents").select("id").where("user_id", "=", userId).execute();

  it("keep one document per day and date asked: a repeat, also in parallel, answers the one issued", async () => {
    const saver = await createUser(t.app);
    const first = await ask(saver.headers, "2026-01-15");
    expect(first.statusCode, first.body).toBe(201);
    const again = await ask(saver.headers, "2026-01-15");
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => ask(saver.headers, "2026-01-16")));
    expect(parallel.map((r) => r.statusCode).every((s) => s === 200 || s === 201)).toBe(true);
    expect(new Set(parallel.map((r) => r.json().id)).size).toBe(1);
    expect(await stored(saver.user.id)).toHaveLength(2);
  });

  it("are limited per account like other document requests: 10 an hour, then 429 and nothing stored", async () => {
    const saver = await createUser(t.app);
    const answers = [];
    for (let i = 0; i < 14; i++)
      answers.push(await ask(saver.headers, `2025-03-${String(i + 1).padStart(2, "0")}`));
    expect(answers.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    for (const r of answers.slice(10)) {
      expect(r.statusCode).toBe(429);
      expect(r.json().code).toBe("rate_limited");
    }
    expect(await stored(saver.user.id)).toHaveLength(10);
  });
});

describe("two-factor codes of one account", () => {
  it("evaluates at most the account's limit (10) of parallel wrong codes across several fresh challenges", async () => {
    const saver = await createUser(t.app);
    const setup = await post("/api/auth/two-factor/setup", undefined, saver.headers);
    const { secret } = setup.json() as { secret: string };
    expect(
      (await post("/api/auth/two-factor/enable", { code: totpCode(secret) }, saver.headers)).statusCode,
    ).toBe(200);
    const challenges: string[] = [];
    for (let i = 0; i < 6; i++) {
      const login = await post("/api/auth/login", { email: saver.user.email, password: TEST_PASSWORD });
      challenges.push((login.json() as { challenge_token: string }).challenge_token);
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post("/api/auth/login/two-factor", { challenge_token: challenges[i % 6], code: "000000" }),
      ),
    );
    const evaluated = answers.filter((a) => a.json().code === "two_factor_code_invalid").length;
    expect(evaluated).toBeLessThanOrEqual(10);
    expect(answers.some((a) => a.statusCode === 429)).toBe(true);
    const failures = await t.app.db
      .selectFrom("account_events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", saver.user.id)
      .where("event", "=", "two_factor_failed")
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBeLessThanOrEqual(10);
    // the owner, with the right code on a fresh challenge, still waits until the window ends
    const login = await post("/api/auth/login", { email: saver.user.email, password: TEST_PASSWORD });
    const right = await post("/api/auth/login/two-factor", {
      challenge_token: (login.json() as { challenge_token: string }).challenge_token,
      code: totpCode(secret),
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("erasure when retention ends", () => {
  it("erases a saver with every kind of history, keeps the books and payment orders pseudonymised, and leaves the pending list", async () => {
    const { runRetention, pendingErasures } = await import("../src/modules/identity/data-rights.service.ts");
    const staff = await createAdmin(t.app);
    const { saver, application, deposit } = await fundedByStaff(
      t.app,
      staff,
      // Today as the platform counts days (its business time zone), not UTC's date: they differ around midnight.
      dateInZone(t.app.clock.now(), BUSINESS_TIME_ZONE),
    );
    const id = saver.user.id;
    // more history: a rate alert, a passkey, another session, a payment order
    expect(
      (await post("/api/me/rate-alerts", { term: 12, rate: 9.5 }, saver.headers)).statusCode,
    ).toBeLessThan(300);
    await t.app.db
      .insertInto("passkeys")
      .values({
        user_id: id,
        credential_id: randomUUID(),
        public_key: "AQID",
        counter: 0,
        device_type: "singleDevice",
        backed_up: false,
        name: "Security key",
      })
      .execute();
    await post("/api/auth/login", { email: saver.user.email, password: TEST_PASSWORD });
    await post("/api/auth/logout", undefined, saver.headers);
    const order = await t.app.db
      .insertInto("payment_orders")
      .values({
        source: "maturity_payout",
        status: "booked",
        deposit_id: deposit.id,
        user_id: id,
        debtor_name: "Partner Bank",
        debtor_iban: "DE52000000000012345678",
        debtor_bic: "MARKDEF1100",
        creditor_name: saver.user.full_name,
        creditor_iban: SAVER_IBAN,
        creditor_street: "Hauptstraße 1",
        amount_cents: 10_000_00n,
        principal_cents: 10_000_00n,
        interest_cents: 0n,
        end_to_end_id: `E2E-${randomUUID().slice(0, 8)}`,
        remittance: "Payout",
        requested_date: "2027-01-05",
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const journal = async () =>
      (
        await t.app.db
          .selectFrom("ledger_entries")
          .select("id")
          .where("deposit_id", "=", deposit.id)
          .execute()
      ).length;
    const entries = await journal();
    expect(entries).toBeGreaterThan(0);

    // closed long ago: its retention has ended
    await t.app.db
      .updateTable("users")
      .set({ closed_at: new Date("2020-01-01"), erase_after: new Date("2025-01-01") })
      .where("id", "=", id)
      .execute();
    expect(await runRetention(t.app.db, t.app.documentStorage, new Date())).toContain(id);

    expect(await t.app.db.selectFrom("users").select("id").where("id", "=", id).execute()).toEqual([]);
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'`.execute(t.app.db);
    for (const { table_name } of rows) {
      const left = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table_name)} where user_id = ${id}`.execute(t.app.db);
      expect(Number(left.rows[0]?.n), table_name).toBe(0);
    }
    const kept = await t.app.db
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", application.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ full_name: "Erased", phone: "Erased", user_id: null });
    expect(kept.email).not.toContain(saver.user.email);
    expect(kept.reference_iban).not.toBe(SAVER_IBAN);
    const keptDeposit = await t.app.db
      .selectFrom("deposits")
      .selectAll()
      .where("id", "=", deposit.id)
      .executeTakeFirstOrThrow();
    expect(keptDeposit.payer_iban).not.toBe(SAVER_IBAN);
    const keptOrder = await t.app.db
      .selectFrom("payment_orders")
      .selectAll()
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(keptOrder).toMatchObject({
      amount_cents: 10_000_00n,
      creditor_name: "Erased",
      creditor_street: null,
      user_id: null,
    });
    expect(keptOrder.creditor_iban).not.toBe(SAVER_IBAN);
    const events = await t.app.db
      .selectFrom("deposit_events")
      .select("details")
      .where("deposit_id", "=", deposit.id)
      .execute();
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toMatch(/payer_iban/);
    expect(await journal()).toBe(entries);
    expect((await pendingErasures(t.app.db)).map((p) => p.user_id)).not.toContain(id);
  });
});
