import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertEmailVerified,
  UNCONFIRMED_ACCOUNT_DAYS,
} from "../src/modules/auth/account-security.service.ts";
import { accountMailText } from "../src/modules/messages/account-mail.ts";
import { activePackage } from "./helpers/deposits.ts";
import { createAdmin, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { createVerifiedUser } from "./helpers/identity.ts";
import { jsonText } from "./helpers/json-text.ts";
import { appWithSmtp, linkToken, outboxDrained, startSmtp, waitFor } from "./helpers/smtp.ts";

const NEW_PASSWORD = "a brand new passphrase 9";

/** A plain-text e-mail's words on one line (the text part wraps long lines). */
const oneLine = (text: string) => text.replace(/\s+/g, " ");

type Mailbox = Awaited<ReturnType<typeof startSmtp>>;
let mailbox: Mailbox;
let t: Awaited<ReturnType<typeof appWithSmtp>>;

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

const post = (app: FastifyInstance, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function register(app: FastifyInstance, email = uniqueEmail("saver"), language = "en") {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password: TEST_PASSWORD, full_name: "Erika Mustermann" },
    headers: { "accept-language": language },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { access_token: string; user: { id: string; email: string } };
  return { email, token: body.access_token, id: body.user.id };
}

async function outbox(app: FastifyInstance, userId: string) {
  return app.db.selectFrom("email_outbox").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

describe("password reset", () => {
  it("answers 202 with the same body for a known and an unknown address; only the known one gets a link", async () => {
    const saver = await register(t.app);
    const known = await post(t.app, "/api/auth/password-reset/request", { email: saver.email.toUpperCase() });
    const unknown = await post(t.app, "/api/auth/password-reset/request", { email: uniqueEmail("nobody") });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ ok: true });
    expect(known.headers["cache-control"]).toBe("no-store");

    const mail = await mailbox.waitFor(saver.email, "Reset your password");
    // The page in the mail's language (English: the request named none), prerendered there.
    expect(mail.text).toContain("https://festgeld.example.test/en/reset-password#token=");
    expect(mail.text).toContain("30 minutes");
    const token = linkToken(mail.text);
    // Stored as its SHA-256 only.
    const stored = await t.app.db
      .selectFrom("account_tokens")
      .selectAll()
      .where("user_id", "=", saver.id)
      .execute();
    const reset = stored.filter((row) => row.purpose === "password_reset");
    expect(reset).toHaveLength(1);
    expect(reset[0]?.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("sets the new password once, ends every session, tells the saver and erases the link from the outbox", async () => {
    const saver = await register(t.app);
    const second = await post(t.app, "/api/auth/login", { email: saver.email, password: TEST_PASSWORD });
    expect(second.statusCode).toBe(200);
    await post(t.app, "/api/auth/password-reset/request", { email: saver.email });
    const token = linkToken((await mailbox.waitFor(saver.email, "Reset your password")).text);

    const weak = await post(t.app, "/api/auth/password-reset/confirm", { token, new_password: "password" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe("password_too_common");

    const done = await post(t.app, "/api/auth/password-reset/confirm", { token, new_password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    for (const session of [saver.token, (second.json() as { access_token: string }).access_token]) {
      const me = await t.app.inject({ url: "/api/auth/me", headers: bearer(session) });
      expect(me.statusCode).toBe(401);
    }
    const old = await post(t.app, "/api/auth/login", { email: saver.email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(401);
    const fresh = await post(t.app, "/api/auth/login", { email: saver.email, password: NEW_PASSWORD });
    expect(fresh.statusCode).toBe(200);

    const reused = await post(t.app, "/api/auth/password-reset/confirm", {
      token,
      new_password: "another one 12345",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("token_invalid");

    await mailbox.waitFor(saver.email, "Your password was changed");
    await waitFor(
      async () => (await outbox(t.app, saver.id)).every((row) => row.sent_at !== null),
      "all sent",
    );
    const rows = await outbox(t.app, saver.id);
    // The sent links are gone from the outbox; the notice without a link keeps its facts.
    const links = rows.filter((row) => row.template === "account");
    expect(links.length).toBeGreaterThan(0);
    for (const row of links) {
      expect(row.erase_after_send).toBe(true);
      expect(row.facts).toEqual({ erased: true });
    }
    expect(jsonText(rows)).not.toContain(token);
    expect(rows.find((row) => row.template === "event")?.facts).toMatchObject({ type: "password_changed" });

    const events = await t.app.db
      .selectFrom("account_events")
      .select("event")
      .where("user_id", "=", saver.id)
      .execute();
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(["password_reset_requested", "password_reset"]),
    );
  });

  it("refuses an expired, an unknown and a superseded token", async () => {
    const saver = await register(t.app);
    await post(t.app, "/api/auth/password-reset/request", { email: saver.email });
    const first = linkToken((await mailbox.waitFor(saver.email, "Reset your password", 0)).text);
    await post(t.app, "/api/auth/password-reset/request", { email: saver.email });
    const second = linkToken((await mailbox.waitFor(saver.email, "Reset your password", 1)).text);

    const superseded = await post(t.app, "/api/auth/password-reset/confirm", {
      token: first,
      new_password: NEW_PASSWORD,
    });
    expect(superseded.json().code).toBe("token_invalid");

    // 31 minutes later (the clock moved by moving the stored expiry back).
    await t.app.db
      .updateTable("account_tokens")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("token_hash", "=", sha256(second))
      .execute();
    const expired = await post(t.app, "/api/auth/password-reset/confirm", {
      token: second,
      new_password: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("token_expired");

    const unknown = await post(t.app, "/api/auth/password-reset/confirm", {
      token: "x".repeat(43),
      new_password: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("token_invalid");
    const malformed = await post(t.app, "/api/auth/password-reset/confirm", {
      token: "short",
      new_password: NEW_PASSWORD,
    });
    expect(malformed.statusCode).toBe(400);
    // The password is still the old one.
    expect(
      (await post(t.app, "/api/auth/login", { email: saver.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("writes the e-mail in the language of the request", async () => {
    const saver = await register(t.app);
    await t.app.inject({
      method: "POST",
      url: "/api/auth/password-reset/request",
      payload: { email: saver.email },
      headers: { "accept-language": "de-DE,de;q=0.9" },
    });
    const mail = await mailbox.waitFor(saver.email, "Passwort zurücksetzen");
    expect(mail.text).toContain("30 Minuten");
  });
});

describe("e-mail verification", () => {
  it("sends a link at registration; the link confirms the address once", async () => {
    const saver = await register(t.app, uniqueEmail("verify"), "fr");
    const before = await t.app.inject({ url: "/api/auth/security", headers: bearer(saver.token) });
    expect(before.json()).toMatchObject({ email: saver.email, email_verified: false });
    await expect(assertEmailVerified(t.app.db, saver.id)).rejects.toMatchObject({
      statusCode: 409,
      code: "email_not_verified",
    });

    const mail = await mailbox.waitFor(saver.email, "Confirmez votre adresse e-mail");
    const token = linkToken(mail.text);
    expect(mail.text).toContain("https://festgeld.example.test/fr/verify-email#token=");
    // What happens to an account never confirmed (the retention job's rule, its number of days).
    expect(oneLine(mail.text)).toContain(
      `Si cette adresse n'est jamais confirmée, nous supprimons le compte après ${UNCONFIRMED_ACCOUNT_DAYS} jours sans utilisation.`,
    );
    const verified = await post(t.app, "/api/auth/email/verify", { token });
    expect(verified.statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/auth/security", headers: bearer(saver.token) });
    expect(after.json().email_verified).toBe(true);
    await expect(assertEmailVerified(t.app.db, saver.id)).resolves.toBeUndefined();

    const again = await post(t.app, "/api/auth/email/verify", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("token_invalid");
    const resend = await post(t.app, "/api/auth/email/verify/resend", undefined, bearer(saver.token));
    expect(resend.statusCode).toBe(409);
    expect(resend.json().code).toBe("email_already_verified");
  });

  it("tells a saver, not staff, that a never-confirmed account is deleted", () => {
    const facts = { kind: "verify_email", path: "/verify-email#token=T", hours: 48 } as const;
    const saver = accountMailText({ ...facts, unconfirmed_days: UNCONFIRMED_ACCOUNT_DAYS }, "de").paragraphs;
    expect(saver).toContain(
      `Wird diese Adresse nie bestätigt, löschen wir das Konto nach ${UNCONFIRMED_ACCOUNT_DAYS} Tagen ohne Nutzung.`,
    );
    // Staff accounts are never deleted so, and an e-mail queued before the sentence existed has no number.
    expect(accountMailText(facts, "de").paragraphs).toHaveLength(saver.length - 1);
    expect(accountMailText(facts, "de").paragraphs.join(" ")).not.toContain("löschen");
  });

  it("refuses an expired verification link, and a resent one works", async () => {
    const saver = await register(t.app);
    const first = linkToken((await mailbox.waitFor(saver.email, "Confirm your e-mail address")).text);
    await t.app.db
      .updateTable("account_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("token_hash", "=", sha256(first))
      .execute();
    const expired = await post(t.app, "/api/auth/email/verify", { token: first });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("token_expired");

    const resend = await post(t.app, "/api/auth/email/verify/resend", undefined, bearer(saver.token));
    expect(resend.statusCode).toBe(202);
    const resent = await mailbox.waitFor(saver.email, "Confirm your e-mail address", 1);
    expect(oneLine(resent.text)).toContain(
      `If this address is never confirmed, we delete the account after ${UNCONFIRMED_ACCOUNT_DAYS} days without use.`,
    );
    const second = linkToken(resent.text);
    expect((await post(t.app, "/api/auth/email/verify", { token: second })).statusCode).toBe(200);
  });

  it("an e-mail change needs the current password and happens when the link sent to the new address is opened", async () => {
    const saver = await register(t.app);
    const registrationLink = linkToken(
      (await mailbox.waitFor(saver.email, "Confirm your e-mail address")).text,
    );
    await post(t.app, "/api/auth/email/verify", { token: registrationLink });
    const newEmail = uniqueEmail("moved");
    const patch = (payload: object) =>
      t.app.inject({ method: "PATCH", url: "/api/auth/profile", headers: bearer(saver.token), payload });
    const security = async () =>
      (await t.app.inject({ url: "/api/auth/security", headers: bearer(saver.token) })).json();

    const without = await patch({ full_name: "Erika Neu", email: newEmail });
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe("current_password_required");
    const wrong = await patch({ full_name: "Erika Neu", email: newEmail, current_password: "not it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("wrong_current_password");
    // A name change alone needs no password (the original profile call).
    const nameOnly = await patch({ full_name: "Erika Neu", email: saver.email });
    expect(nameOnly.statusCode).toBe(200);

    const asked = await patch({ full_name: "Erika Neu", email: newEmail, current_password: TEST_PASSWORD });
    expect(asked.statusCode).toBe(202);
    // Nothing changes yet: the account keeps its confirmed address until the new one answers.
    expect(asked.json().email).toBe(saver.email);
    expect(await security()).toMatchObject({ email: saver.email, email_verified: true });
    const confirmMail = await mailbox.waitFor(newEmail, "Confirm your new e-mail address");
    const link = linkToken(confirmMail.text);
    expect(confirmMail.text).toContain("https://festgeld.example.test/en/verify-email#token=");

    expect((await post(t.app, "/api/auth/email/verify", { token: link })).statusCode).toBe(200);
    expect(await security()).toMatchObject({ email: newEmail, email_verified: true });
    const notice = await mailbox.waitFor(saver.email, "e-mail address of your account was changed");
    expect(notice.text).toContain(newEmail);
    // The link works once; the old address no longer signs in, the new one does.
    expect((await post(t.app, "/api/auth/email/verify", { token: link })).json().code).toBe("token_invalid");
    const signIn = (email: string) =>
      post(t.app, "/api/auth/login", { email, password: TEST_PASSWORD }).then((r) => r.statusCode);
    expect(await signIn(saver.email)).toBe(401);
    expect(await signIn(newEmail)).toBe(200);
    const events = (
      await t.app.inject({ url: "/api/auth/security/events", headers: bearer(saver.token) })
    ).json() as Array<{ event: string; email_changed: boolean }>;
    expect(events.find((e) => e.email_changed)?.event).toBe("profile_updated");
  });

  it("answers an e-mail change to a taken address exactly as to a free one, and changes nothing", async () => {
    const saver = await register(t.app);
    const owner = await register(t.app);
    const free = uniqueEmail("free");
    const patch = (email: string) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/auth/profile",
        headers: bearer(saver.token),
        payload: { full_name: "Erika Mustermann", email, current_password: TEST_PASSWORD },
      });
    const toFree = await patch(free);
    const toTaken = await patch(owner.email.toUpperCase());
    expect(toTaken.statusCode).toBe(202);
    expect(toFree.statusCode).toBe(toTaken.statusCode);
    expect(toTaken.body).toBe(toFree.body);
    // Every header alike but the date and the request's own id.
    const { date: _a, "x-request-id": _c, ...freeHeaders } = toFree.headers;
    const { date: _b, "x-request-id": _d, ...takenHeaders } = toTaken.headers;
    expect(takenHeaders).toEqual(freeHeaders);

    // The free address's link came before the second request retired it: it no longer works.
    const freeLink = linkToken((await mailbox.waitFor(free, "Confirm your new e-mail address")).text);
    expect((await post(t.app, "/api/auth/email/verify", { token: freeLink })).json().code).toBe(
      "token_invalid",
    );
    // The owner of the taken address gets no link, and neither account changes.
    await outboxDrained(t.app);
    const toOwner = (await outbox(t.app, saver.id)).filter((row) => row.to_address === owner.email);
    expect(toOwner).toEqual([]);
    const emails = await t.app.db
      .selectFrom("users")
      .select("email")
      .where("id", "in", [saver.id, owner.id])
      .execute();
    expect(emails.map((row) => row.email).sort()).toEqual([owner.email, saver.email].sort());
  });

  it("a password reset link confirms the address it was sent to", async () => {
    const saver = await register(t.app);
    await post(t.app, "/api/auth/password-reset/request", { email: saver.email });
    const token = linkToken((await mailbox.waitFor(saver.email, "Reset your password")).text);
    await post(t.app, "/api/auth/password-reset/confirm", { token, new_password: NEW_PASSWORD });
    await expect(assertEmailVerified(t.app.db, saver.id)).resolves.toBeUndefined();
  });

  it("a deposit of a saver whose address is unconfirmed is not approved until the link is opened", async () => {
    const email = uniqueEmail("unconfirmed");
    const saver = await createVerifiedUser(t.app, { email, verified: false });
    const admin = await createAdmin(t.app);
    const pkg = await activePackage(t.app);
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: saver.headers,
      payload: {
        full_name: "Erika Mustermann",
        email,
        phone: "+49 30 1234567",
        amount: 10_000,
        package_id: pkg.id,
        reference_iban: "DE89370400440532013000",
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(applied.statusCode).toBe(201);
    const decide = () =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/applications/${applied.json().id}/decision`,
        headers: admin.headers,
        payload: { decision: "approved" },
      });
    const refused = await decide();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("email_not_verified");
    const stillPending = await t.app.db
      .selectFrom("applications")
      .select("status")
      .where("id", "=", applied.json().id)
      .executeTakeFirstOrThrow();
    expect(stillPending.status).toBe("pending");
    expect(
      await t.app.db.selectFrom("deposits").select("id").where("user_id", "=", saver.user.id).execute(),
    ).toHaveLength(0);

    const resend = await post(t.app, "/api/auth/email/verify/resend", undefined, saver.headers);
    expect(resend.statusCode).toBe(202);
    const token = linkToken((await mailbox.waitFor(email, "Confirm your e-mail address")).text);
    expect((await post(t.app, "/api/auth/email/verify", { token })).statusCode).toBe(200);
    const approved = await decide();
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe("approved");
  });

  it("limits resending to 5 links per account in 15 minutes", async () => {
    const saver = await register(t.app);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (await post(t.app, "/api/auth/email/verify/resend", undefined, bearer(saver.token))).statusCode,
      );
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("needs a session to resend and to read the settings", async () => {
    expect((await post(t.app, "/api/auth/email/verify/resend")).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/auth/security" })).statusCode).toBe(401);
  });
});
