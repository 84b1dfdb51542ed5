import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { adjustableClockOf } from "./helpers/clock-app.ts";
import { createAdmin, createUser, uniqueEmail } from "./helpers/factories.ts";
import { appWithSmtp, linkToken, outboxDrained, type ReceivedMail, startSmtp } from "./helpers/smtp.ts";

type Language = "en" | "de" | "fr";
const DAY = 86_400_000;

const CONFIRM_SUBJECT: Record<Language, string> = {
  en: "Confirm your newsletter subscription",
  de: "Bestätigen Sie Ihr Newsletter-Abonnement",
  fr: "Confirmez votre abonnement à la newsletter",
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: Awaited<ReturnType<typeof appWithSmtp>>;
let app: FastifyInstance;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let ip = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await appWithSmtp(smtp.url, { CLOCK_CONTROL: "true" });
  app = env.app;
  clock = adjustableClockOf(app);
  admin = await createAdmin(app);
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, payload, headers, remoteAddress: `198.51.100.${++ip % 250}` });

async function signUp(language: Language) {
  const email = uniqueEmail(`news-${language}`);
  const res = await post("/api/newsletter", { email, language });
  expect(res.statusCode).toBe(202);
  return email;
}

/** The one confirmation e-mail of an address, and the token of its link. */
async function confirmationMail(
  email: string,
  language: Language,
): Promise<{ mail: ReceivedMail; token: string }> {
  await outboxDrained(app);
  const mails = smtp.to(email);
  expect(mails).toHaveLength(1);
  const mail = mails[0] as ReceivedMail;
  expect(mail.subject).toBe(CONFIRM_SUBJECT[language]);
  expect(mail.text).toContain("https://festgeld.example.test/newsletter/confirm#token=");
  return { mail, token: linkToken(mail.text) };
}

async function subscriber(email: string) {
  return app.db
    .selectFrom("newsletter_subscriptions")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirst();
}

async function confirmed(language: Language) {
  const email = await signUp(language);
  const { token } = await confirmationMail(email, language);
  const res = await post("/api/newsletter/confirm", { token });
  expect(res.statusCode, res.body).toBe(200);
  return email;
}

describe("double opt-in", () => {
  it("a sign-up gets one confirmation e-mail in its language; the link works once", async () => {
    const email = await signUp("de");
    const { mail, token } = await confirmationMail(email, "de");
    expect(mail.text).toContain("30 Tagen");
    expect((await subscriber(email))?.confirmed_at).toBeNull();
    // The link is erased from the outbox once sent; the database keeps only the token's hash.
    const outbox = await app.db
      .selectFrom("email_outbox")
      .select("facts")
      .where("to_address", "=", email)
      .execute();
    expect(outbox.map((r) => r.facts)).toEqual([{ erased: true }]);
    expect((await subscriber(email))?.confirm_token_hash).not.toContain(token);

    const ok = await post("/api/newsletter/confirm", { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ confirmed: true });
    expect((await subscriber(email))?.confirmed_at).not.toBeNull();
    const again = await post("/api/newsletter/confirm", { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("newsletter_link_invalid");
    // Signing up again once confirmed sends nothing more.
    await post("/api/newsletter", { email, language: "de" });
    await outboxDrained(app);
    expect(smtp.to(email)).toHaveLength(1);
  });

  it("an unknown or malformed token changes nothing (404 / 400)", async () => {
    const unknown = await post("/api/newsletter/confirm", { token: "x".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    const malformed = await post("/api/newsletter/confirm", { token: "short" });
    expect(malformed.statusCode).toBe(400);
  });
});

describe("newsletter issues", () => {
  it("staff see the recipients per language first; each confirmed address gets one e-mail with its unsubscribe link", async () => {
    // Earlier tests' subscribers count too: start from what is there.
    const before = await post(
      "/api/admin/newsletter/send",
      { texts: { en: { title: "x", message: "y" } } },
      admin.headers,
    );
    expect(before.statusCode, before.body).toBe(200);
    const base = before.json() as { recipients: number; by_language: Record<Language, number> };

    const en = await confirmed("en");
    const de = await confirmed("de");
    const fr = await confirmed("fr");
    const pending = await signUp("de");
    const texts = {
      en: { title: "Rates in spring", message: "Our rates rose.\n\nRead more on the packages page." },
      de: { title: "Zinsen im Frühling", message: "Unsere Zinsen sind gestiegen." },
    };
    const count = await post("/api/admin/newsletter/send", { texts }, admin.headers);
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({
      recipients: base.recipients + 3,
      by_language: { en: base.by_language.en + 1, de: base.by_language.de + 1, fr: base.by_language.fr + 1 },
      sent: false,
      emails_queued: 0,
    });
    await outboxDrained(app);
    expect(smtp.to(en).filter((m) => m.subject === texts.en.title)).toHaveLength(0);

    const sent = await post("/api/admin/newsletter/send", { texts, confirm: true }, admin.headers);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      recipients: base.recipients + 3,
      sent: true,
      emails_queued: base.recipients + 3,
    });
    await outboxDrained(app);
    const issue = (address: string) =>
      smtp.to(address).filter((m) => !Object.values(CONFIRM_SUBJECT).includes(m.subject));
    expect(issue(pending)).toHaveLength(0);
    const [enMail] = issue(en);
    const [deMail] = issue(de);
    const [frMail] = issue(fr);
    expect([issue(en).length, issue(de).length, issue(fr).length]).toEqual([1, 1, 1]);
    expect(enMail?.subject).toBe("Rates in spring");
    expect(deMail?.subject).toBe("Zinsen im Frühling");
    // No French text: the first written language, with a note in French.
    expect(frMail?.subject).toBe("Rates in spring");
    expect(frMail?.text).toContain("Ce message n'existe qu'en anglais.");
    for (const mail of [enMail, deMail, frMail]) {
      expect(mail?.text).toContain("https://festgeld.example.test/newsletter/unsubscribe#token=");
      // mailparser reads the List-* headers into one structured "list" header.
      expect(JSON.stringify(mail?.headers.get("list"))).toContain("/newsletter/unsubscribe#token=");
    }
    const audit = await app.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "newsletter.sent")
      .execute();
    expect(audit).toHaveLength(1);

    // Unsubscribing deletes the address; the link then finds nothing; the next issue skips it.
    const token = linkToken(frMail?.text ?? "");
    const off = await post("/api/newsletter/unsubscribe", { token });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ unsubscribed: true });
    expect(await subscriber(fr)).toBeUndefined();
    expect((await post("/api/newsletter/unsubscribe", { token })).statusCode).toBe(404);
    await post("/api/admin/newsletter/send", { texts, confirm: true }, admin.headers);
    await outboxDrained(app);
    expect(issue(fr)).toHaveLength(1);
    expect(issue(en)).toHaveLength(2);
  });

  it("only staff count or send; a text needs at least one language", async () => {
    const saver = await createUser(app);
    const texts = { en: { title: "t", message: "m" } };
    expect((await post("/api/admin/newsletter/send", { texts }, saver.headers)).statusCode).toBe(403);
    expect((await post("/api/admin/newsletter/send", { texts })).statusCode).toBe(401);
    const empty = await post("/api/admin/newsletter/send", { texts: {} }, admin.headers);
    expect(empty.statusCode).toBe(400);
  });
});

describe("unconfirmed requests are deleted after 30 days", () => {
  it("on the injected clock: kept for 30 days, then deleted; confirmed ones stay; asking again restarts the 30 days", async () => {
    clock.reset();
    const start = clock.now().getTime();
    const forgotten = await signUp("en");
    const kept = await confirmed("fr");
    const again = await signUp("de");
    clock.set(new Date(start + 10 * DAY));
    const second = await post("/api/newsletter", { email: again, language: "de" });
    expect(second.statusCode).toBe(202);

    clock.set(new Date(start + 30 * DAY - 60_000));
    await app.jobs.runDue();
    expect(await subscriber(forgotten)).toBeDefined();

    clock.set(new Date(start + 30 * DAY + 60_000));
    await app.jobs.runDue();
    expect(await subscriber(forgotten)).toBeUndefined();
    expect(await subscriber(kept)).toBeDefined();
    expect(await subscriber(again)).toBeDefined();

    clock.set(new Date(start + 40 * DAY + 60_000));
    await app.jobs.runDue();
    expect(await subscriber(again)).toBeUndefined();
    expect(await subscriber(kept)).toBeDefined();
    clock.reset();
  });
});
