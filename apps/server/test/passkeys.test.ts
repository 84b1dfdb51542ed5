import type { PasskeyCreationOptions, PasskeyRequestOptions } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdjustableClock } from "../src/lib/clock.ts";
import { relyingParty } from "../src/modules/auth/passkey.service.ts";
import { createUser, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { appWithSmtp, outboxDrained, startSmtp } from "./helpers/smtp.ts";
import { SoftAuthenticator } from "./helpers/webauthn.ts";

/**
 * Passkeys driven through real WebAuthn ceremonies: a software authenticator (helpers/webauthn.ts)
 * makes ES256 credentials and signs assertions; the server checks them with SimpleWebAuthn.
 * PUBLIC_URL is https://festgeld.example.test (helpers/smtp.ts): RP ID festgeld.example.test.
 */

const ORIGIN = "https://festgeld.example.test";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: Awaited<ReturnType<typeof appWithSmtp>>;
let app: FastifyInstance;
const clock = new AdjustableClock();
let address = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await appWithSmtp(smtp.url, { AUTH_RATE_LIMIT_PER_IP: "100000" }, { clock });
  app = env.app;
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

type Headers = { authorization: string };
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, headers?: object) =>
  app.inject({
    method,
    url,
    remoteAddress: `10.75.0.${(++address % 250) + 1}`,
    headers: { "user-agent": FIREFOX, ...(headers ?? {}) },
    ...(payload ? { payload } : {}),
  });

async function registrationOptions(headers: Headers, password = TEST_PASSWORD) {
  const res = await call(
    "POST",
    "/api/auth/passkeys/registration-options",
    { current_password: password },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PasskeyCreationOptions;
}

/** Adds a passkey of `authenticator` to the account; answers the new passkey. */
async function addPasskey(headers: Headers, authenticator: SoftAuthenticator, name?: string) {
  const options = await registrationOptions(headers);
  const res = await call(
    "POST",
    "/api/auth/passkeys",
    { response: authenticator.create(options), ...(name ? { name } : {}) },
    headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; last_used_at: string | null; backed_up: boolean };
}

async function loginOptions() {
  const res = await call("POST", "/api/auth/login/passkey/options");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PasskeyRequestOptions;
}

const signIn = (response: object, userAgent = FIREFOX) =>
  call("POST", "/api/auth/login/passkey", { response }, { "user-agent": userAgent });

describe("the relying party", () => {
  it("is PUBLIC_URL's host and origin; a loopback address becomes localhost (browsers refuse IP addresses)", () => {
    expect(relyingParty("https://bank.example.com/app", "Demo")).toEqual({
      id: "bank.example.com",
      origin: "https://bank.example.com",
      name: "Demo",
    });
    expect(relyingParty("http://127.0.0.1:3000", "Demo")).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3000",
    });
  });
});

describe("adding a passkey and signing in with it", () => {
  it("registers with the current password, signs in without an e-mail, and tells the saver", async () => {
    const saver = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);

    const options = await registrationOptions(saver.headers);
    expect(options.rp).toEqual({ id: "festgeld.example.test", name: "Festgeld Demo" });
    expect(options.user.name).toBe(saver.user.email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    const added = await call(
      "POST",
      "/api/auth/passkeys",
      { response: authenticator.create(options), name: "  My laptop " },
      saver.headers,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: "My laptop", last_used_at: null, backed_up: true });

    const stored = await app.db
      .selectFrom("passkeys")
      .select(["counter", "backed_up", "device_type", "transports"])
      .where("user_id", "=", saver.user.id)
      .executeTakeFirstOrThrow();
    expect({ ...stored, counter: Number(stored.counter) }).toEqual({
      counter: 0,
      backed_up: true,
      device_type: "multiDevice",
      transports: "internal",
    });

    // Usernameless: the options name no account; the passkey tells which one.
    const request = await loginOptions();
    expect(request).toMatchObject({ rpId: "festgeld.example.test", userVerification: "required" });
    expect(request.allowCredentials ?? []).toEqual([]);
    const before = clock.now().getTime();
    const login = await signIn(authenticator.get(request), SAFARI);
    expect(login.statusCode, login.body).toBe(200);
    const body = login.json() as { access_token: string; user: { id: string } };
    expect(body.user.id).toBe(saver.user.id);
    const session = { authorization: `Bearer ${body.access_token}` };
    expect((await call("GET", "/api/auth/me", undefined, session)).json().id).toBe(saver.user.id);

    const list = (await call("GET", "/api/auth/passkeys", undefined, session)).json();
    expect(list).toHaveLength(1);
    const lastUsed = Date.parse(list[0].last_used_at);
    expect(lastUsed).toBeGreaterThanOrEqual(before);
    expect(lastUsed).toBeLessThanOrEqual(clock.now().getTime());
    const counter = await app.db
      .selectFrom("passkeys")
      .select("counter")
      .where("user_id", "=", saver.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(counter.counter)).toBe(1);

    // Shown as a passkey sign-in; stored like every sign-in, so a new browser is told.
    const events = (await call("GET", "/api/auth/security/events", undefined, session)).json() as Array<{
      event: string;
    }>;
    expect(events.map((e) => e.event).slice(0, 2)).toEqual(["login_passkey", "passkey_added"]);
    await outboxDrained(app);
    const mails = smtp.to(saver.user.email).map((m) => m.subject);
    expect(mails).toContain("A passkey was added to your account");
    expect(mails).toContain("New sign-in to your account");
    expect(
      smtp.to(saver.user.email).find((m) => m.subject.startsWith("A passkey was added"))?.text,
    ).toContain("My laptop");
  });

  it("opens a session for an account with two-factor without asking for a code (the passkey verified the user)", async () => {
    const saver = await createUser(app, { twoFactor: true });
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(saver.headers, authenticator);
    const password = await call("POST", "/api/auth/login", {
      email: saver.user.email,
      password: TEST_PASSWORD,
    });
    expect(password.json().two_factor_required).toBe(true);
    const login = await signIn(authenticator.get(await loginOptions()));
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().access_token).toBeTypeOf("string");
  });

  it("refuses an authenticator that did not verify the user, at registration and at sign-in", async () => {
    const saver = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const refused = await call(
      "POST",
      "/api/auth/passkeys",
      { response: authenticator.create(await registrationOptions(saver.headers), { userVerified: false }) },
      saver.headers,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("passkey_invalid");

    const other = new SoftAuthenticator(ORIGIN);
    await addPasskey(saver.headers, other);
    const login = await signIn(other.get(await loginOptions(), { userVerified: false }));
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe("passkey_invalid");
  });

  it("needs the current password to start, and refuses another origin", async () => {
    const saver = await createUser(app);
    const wrong = await call(
      "POST",
      "/api/auth/passkeys/registration-options",
      { current_password: "not the password" },
      saver.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_current_password");
    const missing = await call("POST", "/api/auth/passkeys/registration-options", {}, saver.headers);
    expect(missing.statusCode).toBe(400);

    const phishing = new SoftAuthenticator("https://festgeld-login.example.test");
    const res = await call(
      "POST",
      "/api/auth/passkeys",
      { response: phishing.create(await registrationOptions(saver.headers)) },
      saver.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("passkey_invalid");
    expect(await app.db.selectFrom("passkeys").where("user_id", "=", saver.user.id).execute()).toHaveLength(
      0,
    );
  });
});

describe("challenges", () => {
  it("each works once: a replayed registration or sign-in answer is refused", async () => {
    const saver = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await registrationOptions(saver.headers);
    const response = authenticator.create(options);
    expect((await call("POST", "/api/auth/passkeys", { response }, saver.headers)).statusCode).toBe(201);
    const again = await call("POST", "/api/auth/passkeys", { response }, saver.headers);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("passkey_challenge_invalid");

    const assertion = authenticator.get(await loginOptions());
    expect((await signIn(assertion)).statusCode).toBe(200);
    const replay = await signIn(assertion);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("passkey_challenge_invalid");
  });

  it("a challenge the server did not give, another account's, or one past its 2 minutes is refused", async () => {
    const saver = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(saver.headers, authenticator);

    const madeUp = await signIn(
      authenticator.get(await loginOptions(), { challenge: Buffer.alloc(32, 7).toString("base64url") }),
    );
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().code).toBe("passkey_challenge_invalid");

    // A registration challenge is not a sign-in challenge.
    const registration = await registrationOptions(saver.headers);
    const crossed = await signIn(
      authenticator.get(await loginOptions(), { challenge: registration.challenge }),
    );
    expect(crossed.json().code).toBe("passkey_challenge_invalid");

    // Another account's registration challenge does not register a passkey for this one.
    const other = await createUser(app);
    const theirs = await registrationOptions(other.headers);
    const stolen = await call(
      "POST",
      "/api/auth/passkeys",
      { response: new SoftAuthenticator(ORIGIN).create(theirs) },
      saver.headers,
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe("passkey_challenge_invalid");

    const late = await loginOptions();
    clock.advance(121_000);
    try {
      const expired = await signIn(authenticator.get(late));
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe("passkey_challenge_invalid");
    } finally {
      clock.reset();
    }
    // A fresh challenge works.
    expect((await signIn(authenticator.get(await loginOptions()))).statusCode).toBe(200);
  });
});

describe("credentials", () => {
  it("another account's credential cannot sign in as this account, nor can a key that is not the credential's", async () => {
    const erika = await createUser(app);
    const max = await createUser(app);
    const erikas = new SoftAuthenticator(ORIGIN);
    const maxs = new SoftAuthenticator(ORIGIN);
    await addPasskey(erika.headers, erikas);
    await addPasskey(max.headers, maxs);
    const erikaCredential = erikas.credentials[0];
    const maxCredential = maxs.credentials[0];
    if (!erikaCredential || !maxCredential) throw new Error("no credentials");

    // Max's passkey claiming to be Erika's account (her user handle).
    const claimed = maxs.get(await loginOptions());
    claimed.response.userHandle = erikaCredential.userHandle;
    const asErika = await signIn(claimed);
    expect(asErika.statusCode).toBe(400);
    expect(asErika.json().code).toBe("passkey_invalid");

    // Erika's credential id, signed with Max's key.
    const forged = maxs.get(await loginOptions(), {
      credential: { ...maxCredential, id: erikaCredential.id, userHandle: erikaCredential.userHandle },
    });
    const res = await signIn(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("passkey_invalid");

    // A credential the server never saw.
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ ...(await registrationOptions(erika.headers)) });
    const unknown = await signIn(stranger.get(await loginOptions()));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("passkey_not_recognised");
  });

  it("a credential already registered (to any account) is not registered again", async () => {
    const erika = await createUser(app);
    const max = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(erika.headers, authenticator);
    const credential = authenticator.credentials[0];
    if (!credential) throw new Error("no credential");
    // Erika's credential answering Max's registration.
    const copy = authenticator.create(await registrationOptions(max.headers), { credential });
    const res = await call("POST", "/api/auth/passkeys", { response: copy }, max.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("passkey_already_registered");
    // A new key whose answer names Erika's credential id outside the signed data.
    const response = authenticator.create(await registrationOptions(max.headers));
    response.id = credential.id.toString("base64url");
    response.rawId = response.id;
    const mismatch = await call("POST", "/api/auth/passkeys", { response }, max.headers);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe("passkey_invalid");
    expect(await app.db.selectFrom("passkeys").where("user_id", "=", max.user.id).execute()).toHaveLength(0);
  });

  it("a counter that does not rise is refused (a cloned authenticator); one that keeps no counter works", async () => {
    const saver = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(saver.headers, authenticator);
    expect((await signIn(authenticator.get(await loginOptions(), { counter: 5 }))).statusCode).toBe(200);
    const same = await signIn(authenticator.get(await loginOptions(), { counter: 5 }));
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe("passkey_invalid");
    const lower = await signIn(authenticator.get(await loginOptions(), { counter: 3 }));
    expect(lower.json().code).toBe("passkey_invalid");
    expect((await signIn(authenticator.get(await loginOptions(), { counter: 6 }))).statusCode).toBe(200);
    const stored = await app.db
      .selectFrom("passkeys")
      .select("counter")
      .where("user_id", "=", saver.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(6);
    // The refused answers are failed sign-ins of the account.
    const failed = await app.db
      .selectFrom("account_events")
      .select("detail")
      .where("user_id", "=", saver.user.id)
      .where("event", "=", "login_failed")
      .execute();
    expect(failed).toHaveLength(2);

    const counterless = new SoftAuthenticator(ORIGIN, 0);
    const other = await createUser(app);
    await addPasskey(other.headers, counterless);
    for (let i = 0; i < 2; i++) {
      expect((await signIn(counterless.get(await loginOptions()))).statusCode).toBe(200);
    }
  });

  it("a locked account cannot sign in with its passkey", async () => {
    const saver = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(saver.headers, authenticator);
    await app.db
      .updateTable("users")
      .set({ locked_at: new Date() })
      .where("id", "=", saver.user.id)
      .execute();
    const res = await signIn(authenticator.get(await loginOptions()));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("account_locked");
  });
});

describe("the account's passkeys", () => {
  it("lists, renames and removes only its own; a removed passkey no longer signs in and the saver is told", async () => {
    const erika = await createUser(app, { email: uniqueEmail("erika") });
    const max = await createUser(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const first = await addPasskey(erika.headers, authenticator, "Phone");
    await addPasskey(erika.headers, new SoftAuthenticator(ORIGIN), "Laptop");
    const theirs = await addPasskey(max.headers, new SoftAuthenticator(ORIGIN), "Max's");

    const list = (await call("GET", "/api/auth/passkeys", undefined, erika.headers)).json() as Array<{
      name: string;
    }>;
    expect(list.map((p) => p.name)).toEqual(["Laptop", "Phone"]);

    for (const [method, payload] of [
      ["PATCH", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(method, `/api/auth/passkeys/${theirs.id}`, payload, erika.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("passkey_not_found");
    }
    const maxList = (await call("GET", "/api/auth/passkeys", undefined, max.headers)).json();
    expect(maxList).toMatchObject([{ name: "Max's" }]);

    const renamed = await call(
      "PATCH",
      `/api/auth/passkeys/${first.id}`,
      { name: "Old phone" },
      erika.headers,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe("Old phone");
    const blank = await call("PATCH", `/api/auth/passkeys/${first.id}`, { name: "   " }, erika.headers);
    expect(blank.statusCode).toBe(400);

    // The browser still offers the passkey; the server no longer knows it.
    const pending = await loginOptions();
    const removed = await call("DELETE", `/api/auth/passkeys/${first.id}`, undefined, erika.headers);
    expect(removed.statusCode).toBe(200);
    const again = await call("DELETE", `/api/auth/passkeys/${first.id}`, undefined, erika.headers);
    expect(again.statusCode).toBe(404);
    const login = await signIn(authenticator.get(pending));
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe("passkey_not_recognised");

    await outboxDrained(app);
    const removal = smtp
      .to(erika.user.email)
      .find((m) => m.subject === "A passkey was removed from your account");
    expect(removal?.text).toContain("Old phone");
    const events = (
      await call("GET", "/api/auth/security/events", undefined, erika.headers)
    ).json() as Array<{
      event: string;
    }>;
    expect(events[0]?.event).toBe("passkey_removed");
  });
});
