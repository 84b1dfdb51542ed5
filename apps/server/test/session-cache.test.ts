import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { type Database, openPostgres } from "../src/db/database.ts";
import { hashToken, sessionResolver } from "../src/modules/auth/session.service.ts";
import { createTestApp, createTestDatabase, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser, TEST_PASSWORD } from "./helpers/factories.ts";

/**
 * The session cache (lib/session-cache.ts): a signed-in request is answered from memory, and
 * every way a session ends or its user changes is honoured at once by the process that did it and,
 * on the PostgreSQL server, within a second by another process on the same database.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let counter = 0;

async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress: `10.77.0.${(++counter % 250) + 1}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

const me = (app: FastifyInstance, token: string) =>
  app.inject({ url: "/api/auth/me", headers: bearer(token) });

async function queryCount(database: Database, fn: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const original = database.db.getExecutor().executeQuery.bind(database.db.getExecutor());
  const spy = vi
    .spyOn(database.db.getExecutor(), "executeQuery")
    .mockImplementation((...args: Parameters<typeof original>) => {
      count++;
      return original(...args);
    });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return count;
}

describe("session cache in one process", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "100000", AUTH_RATE_LIMIT_PER_ACCOUNT: "100000" });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it("answers a signed-in request without a database round trip once the session is known", async () => {
    const saver = await createUser(t.app);
    expect((await me(t.app, saver.token)).statusCode).toBe(200);
    const queries = await queryCount(t.database, async () => {
      for (let i = 0; i < 5; i++) expect((await me(t.app, saver.token)).json().email).toBe(saver.user.email);
    });
    expect(queries).toBe(0);
  });

  it("refuses a session at once after logout, revoking it, signing out elsewhere and a password change", async () => {
    const saver = await createUser(t.app);
    const second = await signIn(t.app, saver.user.email);
    const third = await signIn(t.app, saver.user.email);
    const fourth = await signIn(t.app, saver.user.email);
    for (const token of [saver.token, second, third, fourth])
      expect((await me(t.app, token)).statusCode).toBe(200);

    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(second) });
    expect((await me(t.app, second)).statusCode).toBe(401);

    const sessions = (await t.app.inject({ url: "/api/auth/sessions", headers: bearer(saver.token) })).json();
    expect(sessions).toHaveLength(3);
    const thirdId = (
      await t.app.db
        .selectFrom("sessions")
        .select("id")
        .where("token_hash", "=", hashToken(third))
        .executeTakeFirstOrThrow()
    ).id;
    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${thirdId}`,
      headers: bearer(saver.token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await me(t.app, third)).statusCode).toBe(401);
    expect((await me(t.app, fourth)).statusCode).toBe(200);

    const fifth = await signIn(t.app, saver.user.email);
    expect((await me(t.app, fifth)).statusCode).toBe(200);
    const others = await t.app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: bearer(saver.token),
    });
    expect(others.statusCode, others.body).toBe(200);
    expect((await me(t.app, fourth)).statusCode).toBe(401);
    expect((await me(t.app, fifth)).statusCode).toBe(401);

    const sixth = await signIn(t.app, saver.user.email);
    expect((await me(t.app, sixth)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(saver.token),
      payload: { current_password: TEST_PASSWORD, new_password: "a brand new passphrase 4711" },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await me(t.app, sixth)).statusCode).toBe(401);
    expect((await me(t.app, saver.token)).statusCode).toBe(200);
  });

  it("honours staff locking, revoking, a role change and closing the account at once", async () => {
    const admin = await createAdmin(t.app);
    const saver = await createUser(t.app);
    expect((await me(t.app, saver.token)).json().role).toBe("user");

    const promoted = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${saver.user.id}/role`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await me(t.app, saver.token)).json().role).toBe("admin");
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${saver.user.id}/role`,
      headers: admin.headers,
      payload: { role: "user" },
    });
    expect((await me(t.app, saver.token)).json().role).toBe("user");

    const revoked = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${saver.user.id}/revoke-sessions`,
      headers: admin.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await me(t.app, saver.token)).statusCode).toBe(401);

    const again = await signIn(t.app, saver.user.email);
    expect((await me(t.app, again)).statusCode).toBe(200);
    const locked = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${saver.user.id}/lock`,
      headers: admin.headers,
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await me(t.app, again)).statusCode).toBe(401);

    const closing = await createUser(t.app);
    expect((await me(t.app, closing.token)).statusCode).toBe(200);
    const closed = await t.app.inject({
      method: "POST",
      url: "/api/me/close",
      headers: closing.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await me(t.app, closing.token)).statusCode).toBe(401);
  });

  it("sees a change written straight to the database at once (name, KYC status, two-factor)", async () => {
    const saver = await createUser(t.app);
    expect((await me(t.app, saver.token)).json().kycStatus).toBe("not_started");
    await t.app.db
      .updateTable("users")
      .set({ kyc_status: "approved" })
      .where("id", "=", saver.user.id)
      .execute();
    expect((await me(t.app, saver.token)).json().kycStatus).toBe("approved");
  });

  it("writes the last use at most once a minute and keeps idle and absolute expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const saver = await createUser(t.app);
    const lastUse = async () =>
      (
        await t.app.db
          .selectFrom("sessions")
          .select(["last_used_at", "idle_expires_at"])
          .where("user_id", "=", saver.user.id)
          .executeTakeFirstOrThrow()
      ).last_used_at.getTime();
    expect((await me(t.app, saver.token)).statusCode).toBe(200);
    const first = await lastUse();

    // (the database's clock wrote the first use; the test's clock is set relative to it)
    vi.setSystemTime(first + 30_000);
    expect((await me(t.app, saver.token)).statusCode).toBe(200);
    expect(await lastUse()).toBe(first);

    vi.setSystemTime(first + 61_000);
    expect((await me(t.app, saver.token)).statusCode).toBe(200);
    const touched = await lastUse();
    expect(touched).toBe(first + 61_000);
    const listed = (await t.app.inject({ url: "/api/auth/sessions", headers: saver.headers })).json();
    expect(new Date(listed[0].last_used_at).getTime()).toBe(touched);

    // Idle expiry (30 minutes in the factory's sessions) counts from the last use.
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect((await me(t.app, saver.token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await me(t.app, saver.token)).statusCode).toBe(401);

    // Absolute expiry (12 hours), however busy the session.
    const busy = await createUser(t.app);
    for (let minutes = 0; minutes < 12 * 60; minutes += 20) {
      vi.setSystemTime(Date.now() + 20 * 60_000);
      const res = await me(t.app, busy.token);
      if (res.statusCode !== 200) break;
    }
    vi.setSystemTime(Date.now() + 20 * 60_000);
    expect((await me(t.app, busy.token)).statusCode).toBe(401);
  });

  it("decides a cached session at once, without a promise, and goes to the database when it must", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const saver = await createUser(t.app);
    const policy = t.app.authSettings.session;
    const resolve = sessionResolver(t.app.sessionCache);
    t.app.sessionCache.clear();
    // Unknown to the cache: read from the database (a promise), and cached.
    const read = resolve(t.app.db, policy, saver.token);
    expect(read).toBeInstanceOf(Promise);
    const session = await read;
    expect(session?.user.id).toBe(saver.user.id);
    // Cached and within its expiry: the answer itself, the same user, and no query.
    let direct: unknown;
    const queries = await queryCount(t.database, async () => {
      direct = resolve(t.app.db, policy, saver.token);
    });
    expect(queries).toBe(0);
    expect(direct).not.toBeInstanceOf(Promise);
    expect(direct).toMatchObject({ sessionId: session?.sessionId, user: { id: saver.user.id } });
    // A last use to record (over a minute later): through the database again.
    vi.setSystemTime(Date.now() + 61_000);
    expect(resolve(t.app.db, policy, saver.token)).toBeInstanceOf(Promise);
    // Past its idle expiry: the database decides, and the session is gone.
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const expired = resolve(t.app.db, policy, saver.token);
    expect(expired).toBeInstanceOf(Promise);
    expect(await expired).toBeNull();
    // A token no session has, and one of a wrong length, the same as before: none.
    expect(await resolve(t.app.db, policy, randomBytes(32).toString("base64url"))).toBeNull();
    expect(resolve(t.app.db, policy, "short")).toBeNull();
  });
});

/**
 * Two app instances, each with its own connection pool to one PostgreSQL database: what one does to a
 * session, the other honours within a second (LISTEN/NOTIFY), measured by polling.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("session cache across processes (PostgreSQL)", () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let second: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    second = await openPostgres(created.url as string, 3);
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: `/tmp/festgeld-test-${randomBytes(6).toString("hex")}`,
      WEB_DIST_DIR: "/nonexistent",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
    });
    a = await buildApp({ config, database: created.database, closeDatabase: false, logger: false });
    b = await buildApp({ config, database: second, closeDatabase: true, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await drop?.();
  });

  /** Polls `b` until the token is refused; answers how long that took (fails after 1 s). */
  async function refusedWithin(token: string): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < 1000) {
      if ((await me(b, token)).statusCode === 401) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error("the other instance still accepts the session after 1 s");
  }

  it("a logout, a lock and a password change on one instance are refused by the other within 1 s", async () => {
    const admin = await createAdmin(a);
    const saver = await createUser(a);
    const figures: Record<string, number> = {};

    const session = await signIn(a, saver.user.email);
    expect((await me(b, session)).statusCode).toBe(200);
    // served from b's cache from now on
    expect(await queryCount(second, async () => expect((await me(b, session)).statusCode).toBe(200))).toBe(0);
    await a.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(session) });
    figures.logout = await refusedWithin(session);

    const kept = await signIn(a, saver.user.email);
    const other = await signIn(a, saver.user.email);
    expect((await me(b, other)).statusCode).toBe(200);
    expect((await me(b, kept)).statusCode).toBe(200);
    const changed = await a.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(kept),
      payload: { current_password: TEST_PASSWORD, new_password: "a brand new passphrase 4711" },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    figures.passwordChange = await refusedWithin(other);
    expect((await me(b, kept)).statusCode).toBe(200);

    const role = await a.inject({
      method: "PUT",
      url: `/api/admin/users/${saver.user.id}/role`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect(role.statusCode, role.body).toBe(200);
    const started = performance.now();
    while ((await me(b, kept)).json().role !== "admin") {
      expect(performance.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    figures.roleChange = performance.now() - started;

    const locked = await a.inject({
      method: "POST",
      url: `/api/admin/users/${saver.user.id}/lock`,
      headers: admin.headers,
    });
    expect(locked.statusCode, locked.body).toBe(200);
    figures.lock = await refusedWithin(kept);

    console.log(
      `revocation seen by the other instance after (ms): ${Object.entries(figures)
        .map(([what, ms]) => `${what} ${ms.toFixed(1)}`)
        .join(", ")}`,
    );
  });
});
