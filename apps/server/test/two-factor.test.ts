import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser, TEST_PASSWORD, totpCode } from "./helpers/factories.ts";

let t: TestApp;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "100000", AUTH_RATE_LIMIT_PER_ACCOUNT: "100000" });
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const post = (app: FastifyInstance, url: string, payload?: object, headers?: Headers) =>
  app.inject({
    method: "POST",
    url,
    remoteAddress: `10.44.0.${(++addressCounter % 250) + 1}`,
    ...(headers ? { headers } : {}),
    ...(payload ? { payload } : {}),
  });

/** Enrols the user's authenticator through the API; answers the secret and the recovery codes. */
async function enrol(headers: Headers) {
  const setup = await post(t.app, "/api/auth/two-factor/setup", undefined, headers);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await post(t.app, "/api/auth/two-factor/enable", { code: totpCode(secret) }, headers);
  expect(enabled.statusCode).toBe(200);
  return { secret, codes: (enabled.json() as { recovery_codes: string[] }).recovery_codes };
}

async function challenge(email: string, password = TEST_PASSWORD) {
  const res = await post(t.app, "/api/auth/login", { email, password });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { two_factor_required?: true; challenge_token: string };
  expect(body.two_factor_required).toBe(true);
  return body.challenge_token;
}

const second = (challenge_token: string, code: string) =>
  post(t.app, "/api/auth/login/two-factor", { challenge_token, code });

describe("enrolment", () => {
  it("shows a secret with its QR code, confirms it with a first code and answers 10 single-use recovery codes", async () => {
    const saver = await createUser(t.app);
    const before = await t.app.inject({ url: "/api/auth/security", headers: saver.headers });
    expect(before.json()).toMatchObject({ two_factor_enabled: false, two_factor_required: false });

    const setup = await post(t.app, "/api/auth/two-factor/setup", undefined, saver.headers);
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as { secret: string; otpauth_url: string; qr_code: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_url).toContain(
      `otpauth://totp/Festgeld%20Demo:${encodeURIComponent(saver.user.email)}`,
    );
    expect(body.otpauth_url).toContain(`secret=${body.secret}`);
    expect(Buffer.from(body.qr_code.split(",")[1] ?? "", "base64").toString()).toContain("<svg");

    // Not on until a code confirms it: the password alone still signs in.
    const plain = await post(t.app, "/api/auth/login", { email: saver.user.email, password: TEST_PASSWORD });
    expect(plain.json().access_token).toBeTypeOf("string");

    const wrong = await post(t.app, "/api/auth/two-factor/enable", { code: "000000" }, saver.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("two_factor_code_invalid");
    const notDigits = await post(t.app, "/api/auth/two-factor/enable", { code: "12ab56" }, saver.headers);
    expect(notDigits.statusCode).toBe(400);

    const enabled = await post(
      t.app,
      "/api/auth/two-factor/enable",
      { code: totpCode(body.secret) },
      saver.headers,
    );
    expect(enabled.statusCode).toBe(200);
    const codes = (enabled.json() as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    // Stored hashed only.
    const stored = await t.app.db
      .selectFrom("recovery_codes")
      .select("code_hash")
      .where("user_id", "=", saver.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace(/-/g, ""));

    const after = await t.app.inject({ url: "/api/auth/security", headers: saver.headers });
    expect(after.json()).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10 });
    const again = await post(t.app, "/api/auth/two-factor/setup", undefined, saver.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("two_factor_already_enabled");
    const events = await t.app.db
      .selectFrom("account_events")
      .select("event")
      .where("user_id", "=", saver.user.id)
      .execute();
    expect(events.map((e) => e.event)).toContain("two_factor_enabled");
  });

  it("refuses to confirm without a started set-up", async () => {
    const saver = await createUser(t.app);
    const res = await post(t.app, "/api/auth/two-factor/enable", { code: "123456" }, saver.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("two_factor_setup_missing");
  });
});

describe("sign-in with two-factor", () => {
  it("is two calls: the password answers a challenge, the code the session; a code works once", async () => {
    const saver = await createUser(t.app);
    const { secret } = await enrol(saver.headers);
    const first = await challenge(saver.user.email);

    const wrong = await second(first, "000000");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("two_factor_code_invalid");

    // The code that confirmed the enrolment (this 30-second step) is used: the next one signs in.
    const code = totpCode(secret, 1);
    const signedIn = await second(first, code);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().access_token as string;
    expect(signedIn.json().user.email).toBe(saver.user.email);
    const me = await t.app.inject({ url: "/api/auth/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);

    // The challenge is spent, and the same code does not open another sign-in.
    expect((await second(first, totpCode(secret))).json().code).toBe("token_invalid");
    const replay = await second(await challenge(saver.user.email), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("two_factor_code_invalid");
  });

  it("accepts each recovery code once", async () => {
    const saver = await createUser(t.app);
    const { codes } = await enrol(saver.headers);
    const code = codes[3] as string;
    const used = await second(await challenge(saver.user.email), code.toUpperCase().replace(/-/g, " "));
    expect(used.statusCode).toBe(200);
    const reused = await second(await challenge(saver.user.email), code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("two_factor_code_invalid");
    const security = await t.app.inject({ url: "/api/auth/security", headers: saver.headers });
    expect(security.json().recovery_codes_left).toBe(9);
  });

  it("refuses an expired challenge and ends one after 5 wrong codes", async () => {
    const saver = await createUser(t.app);
    const { secret } = await enrol(saver.headers);
    const expired = await challenge(saver.user.email);
    await t.app.db
      .updateTable("login_challenges")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", saver.user.id)
      .execute();
    const late = await second(expired, totpCode(secret, 1));
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe("token_expired");

    const guessed = await challenge(saver.user.email);
    for (let i = 0; i < 5; i++) expect((await second(guessed, "111111")).statusCode).toBe(400);
    const ended = await second(guessed, totpCode(secret, 1));
    expect(ended.statusCode).toBe(400);
    expect(ended.json().code).toBe("token_invalid");
    expect((await second("x".repeat(43), "123456")).json().code).toBe("token_invalid");
  });

  it("after 10 wrong codes in 15 minutes the account's second steps wait (429)", async () => {
    const saver = await createUser(t.app);
    const { secret } = await enrol(saver.headers);
    for (let round = 0; round < 2; round++) {
      const token = await challenge(saver.user.email);
      for (let i = 0; i < 5; i++) expect((await second(token, "222222")).statusCode).toBe(400);
    }
    const blocked = await second(await challenge(saver.user.email), totpCode(secret, 1));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("a wrong password still gets 401 and no challenge", async () => {
    const saver = await createUser(t.app);
    await enrol(saver.headers);
    const res = await post(t.app, "/api/auth/login", {
      email: saver.user.email,
      password: "not the password",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("invalid_credentials");
  });
});

describe("recovery codes and switching off", () => {
  it("new recovery codes need the password and retire the old ones", async () => {
    const saver = await createUser(t.app);
    const { codes } = await enrol(saver.headers);
    const wrong = await post(
      t.app,
      "/api/auth/two-factor/recovery-codes",
      { current_password: "nope" },
      saver.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_current_password");
    const fresh = await post(
      t.app,
      "/api/auth/two-factor/recovery-codes",
      { current_password: TEST_PASSWORD },
      saver.headers,
    );
    expect(fresh.statusCode).toBe(200);
    const old = await second(await challenge(saver.user.email), codes[0] as string);
    expect(old.json().code).toBe("two_factor_code_invalid");
    const renewed = await second(await challenge(saver.user.email), fresh.json().recovery_codes[0]);
    expect(renewed.statusCode).toBe(200);
  });

  it("a saver switches it off with the password and a code; the password alone signs in again", async () => {
    const saver = await createUser(t.app);
    const { secret } = await enrol(saver.headers);
    const noPassword = await post(
      t.app,
      "/api/auth/two-factor/disable",
      { current_password: "wrong", code: totpCode(secret, 1) },
      saver.headers,
    );
    expect(noPassword.json().code).toBe("wrong_current_password");
    const off = await post(
      t.app,
      "/api/auth/two-factor/disable",
      { current_password: TEST_PASSWORD, code: totpCode(secret, 1) },
      saver.headers,
    );
    expect(off.statusCode).toBe(200);
    const login = await post(t.app, "/api/auth/login", { email: saver.user.email, password: TEST_PASSWORD });
    expect(login.json().access_token).toBeTypeOf("string");
    const again = await post(
      t.app,
      "/api/auth/two-factor/disable",
      { current_password: TEST_PASSWORD, code: totpCode(secret) },
      saver.headers,
    );
    expect(again.statusCode).toBe(409);
  });
});

describe("admins", () => {
  it("an admin without two-factor reaches no back-office route until enrolled", async () => {
    const admin = await createAdmin(t.app, { twoFactor: false });
    const refused = await t.app.inject({ url: "/api/admin/analytics", headers: admin.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("two_factor_enrolment_required");
    const security = await t.app.inject({ url: "/api/auth/security", headers: admin.headers });
    expect(security.json()).toMatchObject({ two_factor_required: true, two_factor_enabled: false });

    const { secret } = await enrol(admin.headers);
    // The session that enrolled may go on; later sign-ins need a code.
    expect((await t.app.inject({ url: "/api/admin/analytics", headers: admin.headers })).statusCode).toBe(
      200,
    );
    const token = await challenge(admin.user.email);
    const signedIn = await second(token, totpCode(secret, 1));
    expect(signedIn.statusCode).toBe(200);
    const off = await post(
      t.app,
      "/api/auth/two-factor/disable",
      { current_password: TEST_PASSWORD, code: totpCode(secret, -1) },
      admin.headers,
    );
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe("two_factor_required_for_admins");
  });

  it("the factory's admins sign in with the shared test secret", async () => {
    const admin = await createAdmin(t.app);
    const token = await challenge(admin.user.email);
    const totp = new TOTP({ secret: Secret.fromBase32("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP") });
    const res = await second(token, totp.generate());
    expect(res.statusCode).toBe(200);
  });
});
