import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountKey } from "../src/modules/auth/auth.rate-limit.ts";
import {
  checkAttempt,
  DEFAULT_LOCKOUT,
  type LockoutPolicy,
  recordFailure,
} from "../src/modules/auth/login-lockout.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { appWithSmtp, linkToken, startSmtp } from "./helpers/smtp.ts";

// The default limits: 10 failures per account and address, account-wide backoff after 20, 15 minutes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (app: TestApp["app"], email: string, password: string, ip: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

async function registerFrom(app: TestApp["app"], ip: string) {
  const email = uniqueEmail("owner");
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password: TEST_PASSWORD, full_name: "Olga Owner" },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(201);
  return email;
}

describe("failed sign-ins cannot lock the owner out", () => {
  it("1,000 failures over 100 addresses leave the owner's own address working; each address stops after 10", async () => {
    const owner = "192.0.2.10";
    const email = await registerFrom(t.app, owner);

    const statuses: Record<number, number> = { 401: 0, 429: 0 };
    for (let a = 0; a < 100; a++) {
      for (let i = 0; i < 10; i++) {
        const res = await login(t.app, email, `guess-${a}-${i}`, `198.51.${Math.floor(a / 50)}.${a % 50}`);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      }
    }
    expect((statuses[401] ?? 0) + (statuses[429] ?? 0)).toBe(1000);
    // Past 20 failures of the account, unknown addresses wait between attempts: most guesses never
    // reach the password check.
    expect(statuses[401]).toBeLessThan(40);
    console.info(
      `1,000 attempts from 100 addresses: ${statuses[401]} checked (401), ${statuses[429]} refused (429)`,
    );

    const own = await login(t.app, email, TEST_PASSWORD, owner);
    expect(own.statusCode).toBe(200);

    // One address is stopped after 10 failures, even with the right password.
    const single = await registerFrom(t.app, "192.0.2.20");
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, single, "wrong", "203.0.113.7")).statusCode).toBe(401);
    }
    const stopped = await login(t.app, single, TEST_PASSWORD, "203.0.113.7");
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().code).toBe("rate_limited");
    expect(Number(stopped.headers["retry-after"])).toBeGreaterThan(800);
    // ...while the owner at home signs in.
    expect((await login(t.app, single, TEST_PASSWORD, "192.0.2.20")).statusCode).toBe(200);
  });

  it("counts failures only: successes never add up, and a success clears its address's failures", async () => {
    const home = "192.0.2.30";
    const email = await registerFrom(t.app, home);
    for (let i = 0; i < 5; i++) expect((await login(t.app, email, TEST_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t.app, email, "typo", home)).statusCode).toBe(401);
    expect((await login(t.app, email, TEST_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(t.app, email, "typo", home)).statusCode).toBe(401);
    expect((await login(t.app, email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it("limits an unknown e-mail exactly like an account", async () => {
    const email = uniqueEmail("ghost");
    for (let i = 0; i < 10; i++)
      expect((await login(t.app, email, "x", "203.0.113.50")).statusCode).toBe(401);
    expect((await login(t.app, email, "x", "203.0.113.50")).statusCode).toBe(429);
  });
});

describe("account-wide backoff (moved clock)", () => {
  it("doubles the wait for unknown addresses after each failure past the threshold, up to the window", async () => {
    let now = new Date("2026-03-02T10:00:00Z");
    const policy: LockoutPolicy = { ...DEFAULT_LOCKOUT, perPair: 10, now: () => now };
    const key = accountKey(uniqueEmail("backoff"));
    const from = (n: number) => ({ accountKey: key, addressKey: `10.0.${n}.1` });
    for (let i = 0; i < 20; i++) {
      expect((await checkAttempt(t.app.db, policy, from(i), null)).allowed).toBe(true);
      await recordFailure(t.app.db, policy, from(i));
    }
    // 20 failures: the next unknown address waits 1 s after the last failure.
    expect(await checkAttempt(t.app.db, policy, from(100), null)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    now = new Date(now.getTime() + 1000);
    expect((await checkAttempt(t.app.db, policy, from(100), null)).allowed).toBe(true);
    await recordFailure(t.app.db, policy, from(100));
    // 21: two seconds, then 4, 8 ...
    expect(await checkAttempt(t.app.db, policy, from(101), null)).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
    });
    for (let i = 0; i < 15; i++) await recordFailure(t.app.db, policy, from(200 + i));
    // Capped at the window (15 minutes).
    expect(await checkAttempt(t.app.db, policy, from(300), null)).toEqual({
      allowed: false,
      retryAfterSeconds: 900,
    });
    // Once the window has passed, the failures are forgotten.
    now = new Date(now.getTime() + 15 * 60_000 + 1);
    expect((await checkAttempt(t.app.db, policy, from(300), null)).allowed).toBe(true);
  });
});

describe("a password reset clears the failures", () => {
  it("an address stopped after 10 failures signs in right after the reset", async () => {
    const mailbox = await startSmtp();
    const m = await appWithSmtp(mailbox.url);
    try {
      const email = await registerFrom(m.app, "192.0.2.40");
      for (let i = 0; i < 10; i++) await login(m.app, email, "wrong", "203.0.113.9");
      expect((await login(m.app, email, TEST_PASSWORD, "203.0.113.9")).statusCode).toBe(429);
      await m.app.inject({ method: "POST", url: "/api/auth/password-reset/request", payload: { email } });
      const token = linkToken((await mailbox.waitFor(email, "Reset your password")).text);
      const confirm = await m.app.inject({
        method: "POST",
        url: "/api/auth/password-reset/confirm",
        payload: { token, new_password: "after the reset 2026" },
      });
      expect(confirm.statusCode).toBe(200);
      expect((await login(m.app, email, "after the reset 2026", "203.0.113.9")).statusCode).toBe(200);
    } finally {
      await m.close();
      await mailbox.close();
    }
  });
});
