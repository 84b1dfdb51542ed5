import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNCONFIRMED_ACCOUNT_DAYS } from "../src/modules/auth/account-security.service.ts";
import { runRetention } from "../src/modules/identity/data-rights.service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { activePackage, applicationPayload } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

/**
 * Never-confirmed accounts are deleted by the retention job once unused for UNCONFIRMED_ACCOUNT_DAYS,
 * registration shadows among them, unless they hold a record the law keeps (docs/decisions.md
 * "Never-confirmed accounts are deleted"). The job runs at a `now` past the period, on an app of its own.
 */
let t: TestApp;
let addressCounter = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "100000" });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: `10.57.0.${(++addressCounter % 250) + 1}`,
    payload,
    headers,
  });
const exists = async (id: string) =>
  (await t.app.db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
const rowsOf = async (table: "sessions" | "account_events", id: string) =>
  (await t.app.db.selectFrom(table).select("user_id").where("user_id", "=", id).execute()).length;

describe("never-confirmed accounts", () => {
  it("deletes the unused ones after the period, shadows too, and keeps every other account", async () => {
    const owner = await createUser(t.app);
    await t.app.db
      .insertInto("newsletter_subscriptions")
      .values({ email: owner.user.email, language: "en", confirmed_at: new Date() } as never)
      .execute();
    const unconfirmed = await createUser(t.app, { verified: false });
    const registered = await post("/api/auth/register", {
      email: `fresh-${owner.user.email}`,
      password: "a long and unusual passphrase 7",
      full_name: "New Person",
    });
    const shadow = await post("/api/auth/register", {
      email: owner.user.email,
      password: "a long and unusual passphrase 8",
      full_name: "Someone Else",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(shadow.statusCode, shadow.body).toBe(201);
    const shadowId: string = shadow.json().user.id;
    expect(await rowsOf("account_events", shadowId)).toBeGreaterThan(0);

    // Kept: an unconfirmed account with an application (a transaction record), one still in use, one
    // whose address change waits for its link (it was confirmed once), one that began the identity
    // check, a staff account, and the confirmed owner.
    const applied = await createUser(t.app, { verified: false });
    const pkg = await activePackage(t.app);
    const application = await post(
      "/api/applications",
      applicationPayload(applied.user.full_name, pkg.id, { email: applied.user.email }),
      applied.headers,
    );
    expect(application.statusCode, application.body).toBe(201);
    const inUse = await createUser(t.app, { verified: false });
    const changing = await createUser(t.app, { verified: false });
    await t.app.db
      .insertInto("account_events")
      .values({ user_id: changing.user.id, event: "email_verified", created_at: new Date() })
      .execute();
    const identifying = await createUser(t.app, { verified: false });
    await t.app.db
      .updateTable("users")
      .set({ kyc_status: "pending" })
      .where("id", "=", identifying.user.id)
      .execute();
    const staff = await createAdmin(t.app);
    await t.app.db
      .updateTable("users")
      .set({ email_verified_at: null })
      .where("id", "=", staff.user.id)
      .execute();

    const now = new Date(Date.now() + (UNCONFIRMED_ACCOUNT_DAYS + 1) * DAY);
    await t.app.db
      .updateTable("sessions")
      .set({ last_used_at: new Date(now.getTime() - DAY) })
      .where("user_id", "=", inUse.user.id)
      .execute();

    // Within the period nothing goes.
    const early = await runRetention(t.app.db, t.app.documentStorage, new Date(Date.now() + 29 * DAY));
    expect(early).toEqual([]);

    const erased = await runRetention(t.app.db, t.app.documentStorage, now);
    const goneIds = [unconfirmed.user.id, registered.json().user.id as string, shadowId];
    expect([...erased].sort()).toEqual([...goneIds].sort());
    for (const id of goneIds) {
      expect(await exists(id)).toBe(false);
      expect(await rowsOf("sessions", id)).toBe(0);
      expect(await rowsOf("account_events", id)).toBe(0);
    }
    for (const kept of [owner, applied, inUse, changing, identifying, staff]) {
      expect(await exists(kept.user.id)).toBe(true);
    }
    // The shadow had the owner's address: the owner's newsletter and account are untouched.
    const newsletter = await t.app.db
      .selectFrom("newsletter_subscriptions")
      .select("email")
      .where("email", "=", owner.user.email)
      .execute();
    expect(newsletter).toHaveLength(1);
    expect((await t.app.inject({ url: "/api/auth/me", headers: owner.headers })).statusCode).toBe(200);
    // The deleted account's token opens nothing any more; a second run changes nothing.
    const token = registered.json().access_token as string;
    expect(
      (await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
    expect(await runRetention(t.app.db, t.app.documentStorage, now)).toEqual([]);
  });
});
