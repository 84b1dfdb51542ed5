import { RATE_ALERT_LIMIT } from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let packageId: string;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" });
  admin = await createAdmin(t.app);
  packageId = (
    await t.app.db
      .selectFrom("packages")
      .select("id")
      .where("duration_months", "=", 3)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

/** Staff change the 3-month package's rate through the back office. */
async function setRate(rate: number) {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/admin/packages/${packageId}`,
    headers: admin.headers,
    payload: { interest_rate: rate },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const alertMessages = async (headers: { authorization: string }) => {
  const res = await t.app.inject({ url: "/api/notifications?kind=deposit", headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ title: string; message: string }>).filter((n) =>
    n.title.startsWith("Rate alert"),
  );
};
const alertMails = (userId: string) =>
  t.app.db
    .selectFrom("email_outbox")
    .select("facts")
    .where("user_id", "=", userId)
    .execute()
    .then((rows) => rows.filter((r) => (r.facts as { type?: string } | null)?.type === "rate_alert_reached"));

const create = (headers: { authorization: string }, body: object) =>
  t.app.inject({ method: "POST", url: "/api/me/rate-alerts", headers, payload: body });

describe("rate alerts", () => {
  it("fire once when the best rate rises to the alert, not again on a further rise, again after a fall and rise", async () => {
    await setRate(2.5);
    const saver = await createUser(t.app);
    const created = await create(saver.headers, { term: 3, rate: 2.75 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ term: 3, rate: 2.75, reached: false, best_rate: 2.5 });

    await setRate(2.7);
    expect(await alertMessages(saver.headers)).toHaveLength(0);

    await setRate(2.75);
    const first = await alertMessages(saver.headers);
    expect(first).toHaveLength(1);
    expect(first[0]?.message).toContain("2.75%");
    expect(await alertMails(saver.user.id)).toHaveLength(1);

    await setRate(2.9);
    expect(await alertMessages(saver.headers)).toHaveLength(1);
    const listed = await t.app.inject({ url: "/api/me/rate-alerts", headers: saver.headers });
    expect(listed.json()[0]).toMatchObject({ reached: true, best_rate: 2.9 });
    expect(listed.json()[0].last_fired_at).not.toBeNull();

    await setRate(2.6);
    expect(await alertMessages(saver.headers)).toHaveLength(1);
    await setRate(2.8);
    expect(await alertMessages(saver.headers)).toHaveLength(2);
    expect(await alertMails(saver.user.id)).toHaveLength(2);
  });

  it("fire when staff create a package for the term at the rate, and an alert already reached waits for the next crossing", async () => {
    await setRate(2.5);
    const saver = await createUser(t.app);
    expect((await create(saver.headers, { term: 3, rate: 3.1 })).statusCode).toBe(201);
    const reached = await create(saver.headers, { term: 3, rate: 2.0 });
    expect(reached.json()).toMatchObject({ reached: true });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/packages",
      headers: admin.headers,
      payload: {
        duration_months: 3,
        interest_rate: 3.2,
        min_amount: 1000,
        max_amount: 50_000,
        features: { en: ["A"], de: ["A"], fr: ["A"] },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const messages = await alertMessages(saver.headers);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain("3.10%");
    // Take the new package off sale again: the best rate falls back, the 3.10 alert is armed again.
    const off = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/packages/${res.json().id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    const listed = (await t.app.inject({ url: "/api/me/rate-alerts", headers: saver.headers })).json();
    expect(listed.map((a: { rate: number; reached: boolean }) => [a.rate, a.reached]).sort()).toEqual([
      [2, true],
      [3.1, false],
    ]);
  });

  it("are limited per saver", async () => {
    const saver = await createUser(t.app);
    for (let i = 0; i < RATE_ALERT_LIMIT; i++) {
      expect((await create(saver.headers, { term: 12, rate: 4 + i / 10 })).statusCode).toBe(201);
    }
    const refused = await create(saver.headers, { term: 12, rate: 6 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("rate_alert_limit_reached");
    expect((await t.app.inject({ url: "/api/me/rate-alerts", headers: saver.headers })).json()).toHaveLength(
      RATE_ALERT_LIMIT,
    );
  });

  it("belong to their saver: another saver neither sees nor deletes them (404)", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const id = (await create(owner.headers, { term: 6, rate: 5 })).json().id;
    expect((await t.app.inject({ url: "/api/me/rate-alerts", headers: other.headers })).json()).toEqual([]);
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/me/rate-alerts/${id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("rate_alert_not_found");
    const own = await t.app.inject({
      method: "DELETE",
      url: `/api/me/rate-alerts/${id}`,
      headers: owner.headers,
    });
    expect(own.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/me/rate-alerts/${id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: "/api/me/rate-alerts" })).statusCode).toBe(401);
  });

  it("refuse a term or rate outside the contract", async () => {
    const saver = await createUser(t.app);
    expect((await create(saver.headers, { term: 7, rate: 3 })).statusCode).toBe(400);
    expect((await create(saver.headers, { term: 12, rate: 3.333 })).statusCode).toBe(400);
    expect((await create(saver.headers, { term: 12, rate: 25 })).statusCode).toBe(400);
  });
});
