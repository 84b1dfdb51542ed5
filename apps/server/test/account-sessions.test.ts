import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeDevice } from "../src/modules/auth/account-sessions.service.ts";
import { createAdmin, createUser, TEST_PASSWORD } from "./helpers/factories.ts";
import { appWithSmtp, linkToken, startSmtp } from "./helpers/smtp.ts";

type Mailbox = Awaited<ReturnType<typeof startSmtp>>;
let mailbox: Mailbox;
let t: Awaited<ReturnType<typeof appWithSmtp>>;
let addressCounter = 0;

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

beforeAll(async () => {
  mailbox = await startSmtp();
  t = await appWithSmtp(mailbox.url, {
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

type Headers = { authorization: string };
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

async function signIn(app: FastifyInstance, email: string, userAgent: string, password = TEST_PASSWORD) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers: { "user-agent": userAgent },
    remoteAddress: `10.66.0.${(++addressCounter % 250) + 1}`,
  });
  return res;
}

describe("the saver's sessions", () => {
  it("lists active sessions with their device, revokes one, and signs out everywhere else", async () => {
    const saver = await createUser(t.app);
    const laptop = (await signIn(t.app, saver.user.email, FIREFOX_LINUX)).json().access_token as string;
    const phone = (await signIn(t.app, saver.user.email, SAFARI_IPHONE)).json().access_token as string;

    const list = await t.app.inject({ url: "/api/auth/sessions", headers: bearer(laptop) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as Array<{
      id: string;
      current: boolean;
      device: { browser: string; os: string; type: string };
    }>;
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s) => s.current);
    expect(current?.device).toEqual({ browser: "Firefox 128", os: "Linux", type: "desktop" });
    const iphone = sessions.find((s) => s.device.type === "mobile");
    expect(iphone?.device.browser).toBe("Safari 17");
    expect(iphone?.device.os).toBe("iOS 17");

    // Another saver cannot end it: 404, as for an unknown one.
    const other = await createUser(t.app);
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${iphone?.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("session_not_found");
    expect((await t.app.inject({ url: "/api/auth/me", headers: bearer(phone) })).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${iphone?.id}`,
      headers: bearer(laptop),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/auth/me", headers: bearer(phone) })).statusCode).toBe(401);
    const twice = await t.app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${iphone?.id}`,
      headers: bearer(laptop),
    });
    expect(twice.statusCode).toBe(404);

    const everywhere = await t.app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: bearer(laptop),
    });
    expect(everywhere.json()).toEqual({ revoked: 1 });
    expect((await t.app.inject({ url: "/api/auth/me", headers: saver.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/me", headers: bearer(laptop) })).statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/auth/sessions", headers: bearer(laptop) });
    expect(after.json()).toHaveLength(1);
  });

  it("shows recent security events: sign-ins, failures, password and e-mail changes", async () => {
    const saver = await createUser(t.app);
    const token = (await signIn(t.app, saver.user.email, FIREFOX_LINUX)).json().access_token as string;
    await signIn(t.app, saver.user.email, FIREFOX_LINUX, "not the password");
    await t.app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: bearer(token),
      payload: { current_password: TEST_PASSWORD, new_password: "another long passphrase 3" },
    });
    await t.app.inject({
      method: "PATCH",
      url: "/api/auth/profile",
      headers: bearer(token),
      // A rename is recorded at once (an e-mail change only when its link is opened: account-security.test.ts).
      payload: { full_name: "Erika Neumann", email: saver.user.email },
    });
    const res = await t.app.inject({ url: "/api/auth/security/events", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const events = res.json() as Array<{
      event: string;
      email_changed: boolean;
      device: { browser: string } | null;
    }>;
    expect(events.map((e) => e.event)).toEqual([
      "profile_updated",
      "password_changed",
      "login_failed",
      "login_succeeded",
    ]);
    expect(events[0]?.email_changed).toBe(false);
    expect(events[3]?.device?.browser).toBe("Firefox 128");
    // Another account's events are not visible.
    const other = await createUser(t.app);
    const theirs = await t.app.inject({ url: "/api/auth/security/events", headers: other.headers });
    expect(theirs.json()).toEqual([]);
  });

  it("reads devices from user agents and copes without one", () => {
    expect(describeDevice(null)).toEqual({ browser: null, os: null, type: "unknown" });
    expect(describeDevice("curl/8.5.0").type).toBe("unknown");
  });
});

describe("staff tools", () => {
  it("lock ends every session and refuses sign-in; unlock lets the saver back in; both are audited", async () => {
    const admin = await createAdmin(t.app);
    const saver = await createUser(t.app);
    const status = await t.app.inject({
      url: `/api/admin/users/${saver.user.id}/account`,
      headers: admin.headers,
    });
    expect(status.json()).toMatchObject({ locked: false, active_sessions: 1, two_factor_enabled: false });

    const locked = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${saver.user.id}/lock`,
      headers: admin.headers,
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ locked: true, active_sessions: 0 });
    expect((await t.app.inject({ url: "/api/auth/me", headers: saver.headers })).statusCode).toBe(401);
    const refused = await signIn(t.app, saver.user.email, FIREFOX_LINUX);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("account_locked");
    // A wrong password still gets the usual answer: the lock is told only to whoever knows the password.
    expect((await signIn(t.app, saver.user.email, FIREFOX_LINUX, "wrong one")).statusCode).toBe(401);

    const unlocked = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${saver.user.id}/unlock`,
      headers: admin.headers,
    });
    expect(unlocked.json().locked).toBe(false);
    expect((await signIn(t.app, saver.user.email, FIREFOX_LINUX)).statusCode).toBe(200);

    const audit = await t.app.db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "target_id"])
      .where("target_id", "=", saver.user.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["user.locked", "user.unlocked"]);
    expect(audit.every((a) => a.actor_id === admin.user.id)).toBe(true);
  });

  it("revokes an account's sessions and sends a reset link, both audited", async () => {
    const admin = await createAdmin(t.app);
    const saver = await createUser(t.app);
    const revoked = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${saver.user.id}/revoke-sessions`,
      headers: admin.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().active_sessions).toBe(0);
    expect((await t.app.inject({ url: "/api/auth/me", headers: saver.headers })).statusCode).toBe(401);

    // Sent from a German screen, to a saver whose account e-mails are in English.
    const reset = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${saver.user.id}/send-password-reset`,
      headers: { ...admin.headers, "accept-language": "de" },
    });
    expect(reset.statusCode).toBe(202);
    const mail = await mailbox.waitFor(saver.user.email, "Reset your password");
    expect(mail.text).toMatch(/\/en\/reset-password#token=/);
    const token = linkToken(mail.text);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, new_password: "set by the saver 42" },
    });
    expect(confirmed.statusCode).toBe(200);
    const audit = await t.app.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", saver.user.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["user.sessions_revoked", "user.password_reset_sent"]);
  });

  it("changes a role; a new admin must enrol two-factor; an admin cannot lock or demote themselves", async () => {
    const admin = await createAdmin(t.app);
    const saver = await createUser(t.app);
    const promoted = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${saver.user.id}/role`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe("admin");
    const backOffice = await t.app.inject({ url: "/api/admin/analytics", headers: saver.headers });
    expect(backOffice.statusCode).toBe(403);
    expect(backOffice.json().code).toBe("two_factor_enrolment_required");

    for (const [method, url, payload] of [
      ["PUT", `/api/admin/users/${admin.user.id}/role`, { role: "user" }],
      ["POST", `/api/admin/users/${admin.user.id}/lock`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: admin.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("cannot_change_own_account");
    }
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${saver.user.id}/role`,
      headers: admin.headers,
      payload: { role: "superuser" },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/users/00000000-0000-4000-8000-000000000000/lock",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const audit = await t.app.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", saver.user.id)
      .execute();
    expect(audit).toEqual([
      { action: "user.role_changed", details: expect.objectContaining({ from: "user", to: "admin" }) },
    ]);
  });

  it("refuses customers (403)", async () => {
    const saver = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${other.user.id}/lock`,
      headers: saver.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
