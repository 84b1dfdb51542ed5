import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import * as password from "../src/modules/auth/password.ts";
import { createTestApp, createTestDatabase, type TestApp } from "./helpers/app.ts";
import { createUser, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";

// Spies around the real argon2 functions: they show when the server hashes or verifies (and when not).
vi.mock("../src/modules/auth/password.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/modules/auth/password.ts")>();
  return {
    ...actual,
    hashPassword: vi.fn(actual.hashPassword),
    verifyPassword: vi.fn(actual.verifyPassword),
  };
});

const hashSpy = vi.mocked(password.hashPassword);
const verifySpy = vi.mocked(password.verifyPassword);

const NEW_PASSWORD = "a fresh passphrase 4 me";

let t: TestApp;
beforeAll(async () => {
  // Limits far above what this file does; the rate-limit tests below use their own app with the defaults.
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "100000", AUTH_RATE_LIMIT_PER_ACCOUNT: "100000" });
});
afterAll(() => t.close());
beforeEach(() => {
  hashSpy.mockClear();
  verifySpy.mockClear();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers });

const register = (body: Record<string, unknown>) => post("/api/auth/register", body);
const login = (email: string, pw: string) => post("/api/auth/login", { email, password: pw });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => t.app.inject({ url: "/api/auth/me", headers: bearer(token) });

async function countUsers(email: string) {
  const row = await t.app.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function sessionOf(token: string) {
  const tokenHash = createHash("sha256").update(token).digest("hex");
  return t.app.db
    .selectFrom("sessions")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirstOrThrow();
}

describe("POST /api/auth/register", () => {
  it("creates a user with role user, signs in and answers the public user fields only", async () => {
    const email = uniqueEmail("reg");
    const res = await register({
      email: `  ${email.toUpperCase()} `,
      password: NEW_PASSWORD,
      full_name: " Anna Berg ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["access_token", "token_type", "user"]);
    expect(body.token_type).toBe("bearer");
    expect(Object.keys(body.user).sort()).toEqual([
      "created_at",
      "email",
      "full_name",
      "id",
      "kycStatus",
      "role",
    ]);
    expect(body.user).toMatchObject({
      email,
      full_name: "Anna Berg",
      role: "user",
      kycStatus: "not_started",
    });
    // 32 random bytes in base64url: 256 bits.
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(body.access_token)).json()).toEqual(body.user);

    const row = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", body.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(NEW_PASSWORD);
    const session = await sessionOf(body.access_token);
    expect(session).toBeDefined();
    const stored = JSON.stringify(await t.app.db.selectFrom("sessions").selectAll().execute());
    expect(stored).not.toContain(body.access_token);
    const events = await t.app.db
      .selectFrom("account_events")
      .selectAll()
      .where("user_id", "=", body.user.id)
      .execute();
    // E-mail is always delivered (by SMTP or to the mail folder), so the confirmation link goes out too.
    expect(events.map((e) => e.event)).toEqual(["registered", "email_verification_sent"]);
  });

  it("opens no second account for an e-mail that is taken, whatever its case, and answers as for a new one", async () => {
    const email = uniqueEmail("taken");
    expect((await register({ email, password: NEW_PASSWORD, full_name: "First" })).statusCode).toBe(201);
    const again = await register({ email: email.toUpperCase(), password: NEW_PASSWORD, full_name: "Second" });
    expect(again.statusCode).toBe(201);
    // The address stays the first account's: the second registration opened a shadow account
    // (docs/decisions.md "Registration answers the same for a known address").
    const rows = await t.app.db
      .selectFrom("users")
      .select(["full_name", "registration_shadow"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
      .orderBy("created_at")
      .execute();
    expect(rows).toEqual([
      { full_name: "First", registration_shadow: false },
      { full_name: "Second", registration_shadow: true },
    ]);
  });

  it("refuses short, oversized and common passwords without hashing them", async () => {
    const email = uniqueEmail("pw");
    const short = await register({ email, password: "12345", full_name: "Short" });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: "validation_failed", fields: [{ path: "body.password" }] });
    const long = await register({ email, password: "x".repeat(129), full_name: "Long" });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].path).toBe("body.password");
    for (const common of ["iloveyou", "Sunshine", "password1", "QWERTY123"]) {
      const res = await register({ email, password: common, full_name: "Common" });
      expect(res.statusCode, common).toBe(400);
      expect(res.json()).toMatchObject({ code: "password_too_common" });
    }
    expect(hashSpy).not.toHaveBeenCalled();
    expect(await countUsers(email)).toBe(0);
    // Exactly six characters and not on the list is enough.
    expect((await register({ email, password: "zq8#Lm", full_name: "Six" })).statusCode).toBe(201);
  });

  it("refuses a 10 MB password body with 413 before reading or hashing it", async () => {
    const body = JSON.stringify({
      email: uniqueEmail("big"),
      password: "a".repeat(10 * 1024 * 1024),
      full_name: "Big",
    });
    const started = performance.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: body,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: "payload_too_large" });
    const loginRes = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: body,
      headers: { "content-type": "application/json" },
    });
    expect(loginRes.statusCode).toBe(413);
    expect(hashSpy).not.toHaveBeenCalled();
    expect(verifySpy).not.toHaveBeenCalled();
    // Generous bound on a busy machine; hashing 10 MB with argon2 would take far longer.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("refuses a malformed e-mail and a missing name", async () => {
    for (const email of ["not-an-email", "a@", "@example.test", ""]) {
      const res = await register({ email, password: NEW_PASSWORD, full_name: "X" });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    const noName = await register({ email: uniqueEmail(), password: NEW_PASSWORD, full_name: "   " });
    expect(noName.statusCode).toBe(400);
  });

  it("refuses bodies that try to set role, kycStatus or id", async () => {
    for (const extra of [
      { role: "admin" },
      { kycStatus: "approved" },
      { id: randomBytes(16).toString("hex") },
    ]) {
      const email = uniqueEmail("sneaky");
      const res = await register({ email, password: NEW_PASSWORD, full_name: "Sneaky", ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
      expect(await countUsers(email)).toBe(0);
    }
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password, whatever the e-mail's case, with a new session each time", async () => {
    const { user } = await createUser(t.app, { full_name: "Lena Login" });
    const first = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.json()).toMatchObject({ token_type: "bearer", user });
    const second = await login(user.email, TEST_PASSWORD);
    expect(second.json().access_token).not.toBe(first.json().access_token);
    expect((await me(first.json().access_token)).statusCode).toBe(200);
    expect((await me(second.json().access_token)).statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail identically, each after one argon2 verification", async () => {
    const { user } = await createUser(t.app);
    verifySpy.mockClear();
    const wrong = await login(user.email, "not the password");
    expect(verifySpy).toHaveBeenCalledTimes(1);
    verifySpy.mockClear();
    const unknown = await login(uniqueEmail("nobody"), "not the password");
    expect(verifySpy).toHaveBeenCalledTimes(1);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      detail: "The e-mail address or password is incorrect",
      code: "invalid_credentials",
    });
    // The unknown e-mail was checked against a real argon2id hash (same cost as a real account).
    const dummy = verifySpy.mock.calls[0]?.[0];
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const events = await t.app.db
      .selectFrom("account_events")
      .select("event")
      .where("user_id", "=", user.id)
      .execute();
    expect(events.map((e) => e.event)).toContain("login_failed");
  });

  it("requires both fields and refuses extra ones", async () => {
    expect((await post("/api/auth/login", { email: uniqueEmail() })).statusCode).toBe(400);
    expect((await post("/api/auth/login", { password: "x" })).statusCode).toBe(400);
    const { user } = await createUser(t.app);
    const extra = await post("/api/auth/login", {
      email: user.email,
      password: TEST_PASSWORD,
      role: "admin",
    });
    expect(extra.statusCode).toBe(400);
  });

  it("re-hashes a password stored with weaker argon2 parameters", async () => {
    const { user } = await createUser(t.app);
    const weak = await hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.app.db.updateTable("users").set({ password_hash: weak }).where("id", "=", user.id).execute();
    expect(password.needsRehash(weak)).toBe(true);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toBe(weak);
    expect(password.needsRehash(row.password_hash)).toBe(false);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("GET /api/auth/me needs a live session", async () => {
    const { user, token } = await createUser(t.app);
    const ok = await me(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["cache-control"]).toBe("no-store");
    expect(ok.json()).toEqual(user);
    const none = await t.app.inject("/api/auth/me");
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe("unauthenticated");
    const bad = await me("x".repeat(43));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe("session_expired");
  });

  it("refuses an idle-expired, an absolutely expired and a revoked session (401 session_expired)", async () => {
    const past = new Date(Date.now() - 1000);
    for (const change of [{ idle_expires_at: past }, { expires_at: past }, { revoked_at: past }]) {
      const { token } = await createUser(t.app);
      expect((await me(token)).statusCode).toBe(200);
      const session = await sessionOf(token);
      await t.app.db.updateTable("sessions").set(change).where("id", "=", session.id).execute();
      const res = await me(token);
      expect(res.statusCode, JSON.stringify(change)).toBe(401);
      expect(res.json().code).toBe("session_expired");
    }
  });

  it("sets the idle and absolute expiry from the configuration (30 minutes, 12 hours)", async () => {
    const res = await register({ email: uniqueEmail("exp"), password: NEW_PASSWORD, full_name: "Exp" });
    const session = await sessionOf(res.json().access_token);
    const created = session.created_at.getTime();
    expect(session.idle_expires_at.getTime() - created).toBeGreaterThan(29 * 60_000);
    expect(session.idle_expires_at.getTime() - created).toBeLessThan(31 * 60_000);
    expect(session.expires_at.getTime() - created).toBeGreaterThan(11.9 * 3_600_000);
    expect(session.expires_at.getTime() - created).toBeLessThan(12.1 * 3_600_000);
  });

  it("POST /api/auth/logout revokes only the current session", async () => {
    const { user, token } = await createUser(t.app);
    const other = (await login(user.email, TEST_PASSWORD)).json().access_token as string;
    const res = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(token)).json().code).toBe("session_expired");
    expect((await me(other)).statusCode).toBe(200);
    const again = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });
});

describe("POST /api/auth/password", () => {
  const change = (token: string, body: Record<string, unknown>) =>
    post("/api/auth/password", body, bearer(token));

  it("changes the password and revokes the user's other sessions, keeping the current one", async () => {
    const { user, token } = await createUser(t.app);
    const other = (await login(user.email, TEST_PASSWORD)).json().access_token as string;
    const { token: strangerToken } = await createUser(t.app);
    const res = await change(token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).json().code).toBe("session_expired");
    expect((await me(strangerToken)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a wrong current password, a weak new one, and a missing session", async () => {
    const { user, token } = await createUser(t.app);
    const wrong = await change(token, { current_password: "wrong password", new_password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_current_password");
    const common = await change(token, { current_password: TEST_PASSWORD, new_password: "iloveyou" });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: "password_too_common",
      fields: [{ path: "body.new_password" }],
    });
    const short = await change(token, { current_password: TEST_PASSWORD, new_password: "abc" });
    expect(short.statusCode).toBe(400);
    const anonymous = await post("/api/auth/password", {
      current_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("PATCH /api/auth/profile", () => {
  const patch = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: "/api/auth/profile", payload, headers: bearer(token) });

  it("changes the name at once and answers an e-mail change (normalised) with 202, changing no address yet", async () => {
    const { user, token } = await createUser(t.app);
    const email = uniqueEmail("new");
    const res = await patch(token, {
      full_name: "  Neue Name ",
      email: ` ${email.toUpperCase()}`,
      current_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ ...user, full_name: "Neue Name" });
    expect((await me(token)).json()).toMatchObject({ email: user.email, full_name: "Neue Name" });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const tokenRow = await t.app.db
      .selectFrom("account_tokens")
      .select(["email", "used_at"])
      .where("user_id", "=", user.id)
      .where("purpose", "=", "email_change")
      .executeTakeFirstOrThrow();
    expect(tokenRow).toEqual({ email, used_at: null });
    const event = await t.app.db
      .selectFrom("account_events")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("event", "=", "profile_updated")
      .executeTakeFirstOrThrow();
    expect(event.detail).toEqual({ changed: ["full_name"] });
    // Saving the own, unchanged address is a plain 200.
    expect((await patch(token, { full_name: "Neue Name", email: user.email })).statusCode).toBe(200);
  });

  it("answers an e-mail another account uses as a free one (202), and changes nothing", async () => {
    const { user, token } = await createUser(t.app);
    const { user: other } = await createUser(t.app);
    const res = await patch(token, {
      full_name: "X",
      email: other.email.toUpperCase(),
      current_password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ...user, full_name: "X" });
    expect((await me(token)).json()).toEqual({ ...user, full_name: "X" });
    const tokens = await t.app.db
      .selectFrom("account_tokens")
      .select("id")
      .where("user_id", "=", user.id)
      .where("purpose", "=", "email_change")
      .where("used_at", "is", null)
      .execute();
    expect(tokens).toEqual([]);
  });

  it("refuses role, kycStatus, id and malformed values", async () => {
    const { user, token } = await createUser(t.app);
    for (const extra of [{ role: "admin" }, { kycStatus: "approved" }, { id: user.id }]) {
      const res = await patch(token, { full_name: "X", email: user.email, ...extra });
      expect(res.statusCode).toBe(400);
    }
    expect((await patch(token, { full_name: "X", email: "nope" })).statusCode).toBe(400);
    expect((await patch(token, { full_name: "", email: user.email })).statusCode).toBe(400);
    expect((await patch(token, { full_name: "X" })).statusCode).toBe(400);
    expect((await me(token)).json()).toEqual(user);
  });
});

describe("attempt limits (default values)", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => limited.close());

  const attempt = (url: string, body: Record<string, unknown>, ip: string) =>
    limited.app.inject({ method: "POST", url, payload: body, remoteAddress: ip });

  it("stops an address after 10 failed sign-ins of one account; other addresses and accounts go on", async () => {
    const { user } = await createUser(limited.app);
    for (let i = 0; i < 10; i++) {
      const res = await attempt("/api/auth/login", { email: user.email, password: "wrong" }, "10.1.0.1");
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt(
      "/api/auth/login",
      { email: user.email, password: TEST_PASSWORD },
      "10.1.0.1",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("rate_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // The owner elsewhere is not locked out (login-lockout.test.ts has the full figures).
    expect(
      (await attempt("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, "10.1.0.99"))
        .statusCode,
    ).toBe(200);
    // Another account from the same address is unaffected.
    const { user: other } = await createUser(limited.app);
    expect(
      (await attempt("/api/auth/login", { email: other.email, password: TEST_PASSWORD }, "10.1.0.1"))
        .statusCode,
    ).toBe(200);
  });

  it("limits sign-in attempts per address to 30 in 15 minutes, over any accounts", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await attempt(
        "/api/auth/login",
        { email: uniqueEmail("ip"), password: "wrong" },
        "10.2.0.1",
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await attempt(
      "/api/auth/login",
      { email: uniqueEmail("ip"), password: "wrong" },
      "10.2.0.1",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("rate_limited");
    // Refused before the body is read: a blocked address gets no argon2 work out of the server.
    verifySpy.mockClear();
    await attempt("/api/auth/login", { email: uniqueEmail("ip"), password: "wrong" }, "10.2.0.1");
    expect(verifySpy).not.toHaveBeenCalled();
    expect(
      (await attempt("/api/auth/login", { email: uniqueEmail("ip"), password: "x" }, "10.2.0.2")).statusCode,
    ).toBe(401);
  });

  it("counts IPv6 clients per /64", async () => {
    for (let i = 0; i < 30; i++) {
      await attempt(
        "/api/auth/login",
        { email: uniqueEmail("v6"), password: "wrong" },
        `2001:db8:1:2::${i + 1}`,
      );
    }
    const blocked = await attempt(
      "/api/auth/login",
      { email: uniqueEmail("v6"), password: "w" },
      "2001:db8:1:2:ffff::9",
    );
    expect(blocked.statusCode).toBe(429);
    const otherNet = await attempt(
      "/api/auth/login",
      { email: uniqueEmail("v6"), password: "w" },
      "2001:db8:1:3::1",
    );
    expect(otherNet.statusCode).toBe(401);
  });

  it("limits registrations per address and per e-mail", async () => {
    const email = uniqueEmail("reg-limit");
    expect(
      (await attempt("/api/auth/register", { email, password: NEW_PASSWORD, full_name: "R" }, "10.3.0.1"))
        .statusCode,
    ).toBe(201);
    for (let i = 0; i < 9; i++) {
      const res = await attempt(
        "/api/auth/register",
        { email, password: NEW_PASSWORD, full_name: "R" },
        `10.3.1.${i}`,
      );
      expect(res.statusCode).toBe(201);
    }
    const perAccount = await attempt(
      "/api/auth/register",
      { email, password: NEW_PASSWORD, full_name: "R" },
      "10.3.2.1",
    );
    expect(perAccount.statusCode).toBe(429);

    for (let i = 0; i < 30; i++) {
      await attempt(
        "/api/auth/register",
        { email: uniqueEmail("many"), password: "short", full_name: "R" },
        "10.4.0.1",
      );
    }
    const perAddress = await attempt(
      "/api/auth/register",
      { email: uniqueEmail("many"), password: NEW_PASSWORD, full_name: "R" },
      "10.4.0.1",
    );
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().code).toBe("rate_limited");
  });

  it("limits password-change attempts per user", async () => {
    const { headers } = await createUser(limited.app);
    for (let i = 0; i < 10; i++) {
      const res = await limited.app.inject({
        method: "POST",
        url: "/api/auth/password",
        payload: { current_password: `guess ${i}`, new_password: NEW_PASSWORD },
        headers,
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await limited.app.inject({
      method: "POST",
      url: "/api/auth/password",
      payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      headers,
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe("OpenAPI", () => {
  it("documents every auth route with its request schema", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json();
    expect(doc.paths["/auth/register"].post.requestBody).toBeDefined();
    expect(doc.paths["/auth/login"].post.requestBody).toBeDefined();
    expect(doc.paths["/auth/me"].get).toBeDefined();
    expect(doc.paths["/auth/profile"].patch.requestBody).toBeDefined();
    expect(doc.paths["/auth/logout"].post).toBeDefined();
    expect(doc.paths["/auth/password"].post.requestBody).toBeDefined();
  });
});

describe("logs", () => {
  it("never contain a password or a token, even at trace level", async () => {
    const lines: string[] = [];
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "trace",
      DATA_DIR: `/tmp/festgeld-test-${randomBytes(6).toString("hex")}`,
      WEB_DIST_DIR: "/nonexistent",
    });
    const app = await buildApp({
      config,
      database,
      closeDatabase: false,
      logStream: { write: (line: string) => lines.push(line) },
    });
    try {
      const email = uniqueEmail("logs");
      const secret = "my very secret passphrase";
      const reg = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email, password: secret, full_name: "Log Test" },
      });
      const token = reg.json().access_token as string;
      await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: "wrong secret 123" },
      });
      await app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
      await app.inject({
        method: "POST",
        url: "/api/auth/password",
        payload: { current_password: secret, new_password: NEW_PASSWORD },
        headers: { authorization: `Bearer ${token}` },
      });
      await app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { authorization: `Bearer ${token}` },
      });
      const output = lines.join("");
      expect(output).toContain("/api/auth/login");
      for (const secretValue of [secret, "wrong secret 123", NEW_PASSWORD, token]) {
        expect(output).not.toContain(secretValue);
      }
    } finally {
      await app.close();
      await drop();
    }
  });
});

// Shared counters across server processes need a Redis server: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379).
describe.skipIf(!process.env.TEST_REDIS_URL)("attempt limits with REDIS_URL", () => {
  it("two server processes share one count", async () => {
    const { Redis } = await import("ioredis");
    const redisA = new Redis(process.env.TEST_REDIS_URL as string);
    const redisB = new Redis(process.env.TEST_REDIS_URL as string);
    const build = async (redis: InstanceType<typeof Redis>) => {
      const { database, drop } = await createTestDatabase();
      const config = loadConfig({
        NODE_ENV: "test",
        DATA_DIR: `/tmp/festgeld-test-${randomBytes(6).toString("hex")}`,
        WEB_DIST_DIR: "/nonexistent",
      });
      const app = await buildApp({ config, database, closeDatabase: false, logger: false, redis });
      return { app, drop };
    };
    const a = await build(redisA);
    const b = await build(redisB);
    try {
      // An address no other run uses: the counters live in the shared Redis for 15 minutes.
      const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const tryLogin = (app: typeof a.app) =>
        app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: uniqueEmail("redis"), password: "wrong" },
          remoteAddress: ip,
        });
      for (let i = 0; i < 15; i++) expect((await tryLogin(a.app)).statusCode).toBe(401);
      for (let i = 0; i < 15; i++) expect((await tryLogin(b.app)).statusCode).toBe(401);
      const blocked = await tryLogin(a.app);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe("rate_limited");
      expect((await tryLogin(b.app)).statusCode).toBe(429);
    } finally {
      await a.app.close();
      await b.app.close();
      await a.drop();
      await b.drop();
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
