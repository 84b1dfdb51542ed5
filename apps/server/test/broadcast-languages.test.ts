import { LANGUAGES } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { appWithSmtp, outboxDrained, startSmtp } from "./helpers/smtp.ts";

type Language = "en" | "de" | "fr";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: Awaited<ReturnType<typeof appWithSmtp>>;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const savers: Record<Language, Awaited<ReturnType<typeof createUser>>> = {} as never;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await appWithSmtp(smtp.url);
  app = env.app;
  admin = await createAdmin(app);
  for (const language of LANGUAGES) {
    savers[language] = await createUser(app);
    await app.db.updateTable("users").set({ language }).where("id", "=", savers[language].user.id).execute();
  }
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

const post = (url: string, payload: object, headers = admin.headers) =>
  app.inject({ method: "POST", url, payload, headers });

async function inboxOf(language: Language) {
  const res = await app.inject({ url: "/api/notifications", headers: savers[language].headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ title: string; message: string }>;
}

describe("a notification written per language", () => {
  it("staff first see how many accounts it reaches per language; nothing is sent by that", async () => {
    const all = await post("/api/admin/notifications/audience", {});
    expect(all.statusCode, all.body).toBe(200);
    // The admin's own account counts too (English by default).
    expect(all.json()).toEqual({
      recipients: 4,
      by_language: { en: 2, de: 1, fr: 1 },
      sent: false,
      emails_queued: 0,
    });
    const some = await post("/api/admin/notifications/audience", {
      user_ids: [savers.de.user.id, savers.fr.user.id],
    });
    expect(some.json()).toMatchObject({ recipients: 2, by_language: { en: 0, de: 1, fr: 1 } });
    const none = await post("/api/admin/notifications/audience", {}, savers.en.headers);
    expect(none.statusCode).toBe(403);
    expect(await app.db.selectFrom("notifications").select("id").execute()).toHaveLength(0);
  });

  it("each reader gets the own language, else the first written one with a note, in the inbox and by e-mail", async () => {
    const sent = await post("/api/admin/notifications/send", {
      texts: {
        en: { title: "Maintenance on Sunday", message: "The site is offline from 2 to 4 am." },
        de: { title: "Wartung am Sonntag", message: "Die Seite ist von 2 bis 4 Uhr nicht erreichbar." },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ audience: "all", recipients: 4, emails_queued: 4 });

    expect((await inboxOf("en"))[0]).toMatchObject({ title: "Maintenance on Sunday" });
    expect((await inboxOf("de"))[0]).toMatchObject({
      title: "Wartung am Sonntag",
      message: "Die Seite ist von 2 bis 4 Uhr nicht erreichbar.",
    });
    expect((await inboxOf("fr"))[0]).toMatchObject({
      title: "Maintenance on Sunday",
      message: "Ce message n'existe qu'en anglais.\n\nThe site is offline from 2 to 4 am.",
    });

    await outboxDrained(app);
    const mail = (language: Language) => smtp.to(savers[language].user.email);
    expect(mail("en").map((m) => m.subject)).toEqual(["Maintenance on Sunday"]);
    expect(mail("de").map((m) => m.subject)).toEqual(["Wartung am Sonntag"]);
    expect(mail("de")[0]?.text).toContain("Die Seite ist von 2 bis 4 Uhr nicht erreichbar.");
    expect(mail("fr").map((m) => m.subject)).toEqual(["Maintenance on Sunday"]);
    expect(mail("fr")[0]?.text).toContain("Ce message n'existe qu'en anglais.");
  });

  it("one text for everyone still works; no text at all is notification_empty", async () => {
    const one = await post("/api/admin/notifications/send", {
      title: "Hello",
      message: "To everyone",
      user_ids: [savers.fr.user.id],
    });
    expect(one.statusCode).toBe(201);
    expect((await inboxOf("fr"))[0]).toMatchObject({ title: "Hello", message: "To everyone" });
    const empty = await post("/api/admin/notifications/send", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("notification_empty");
    const blank = await post("/api/admin/notifications/send", {
      texts: { de: { title: " ", message: "x" } },
    });
    expect(blank.statusCode).toBe(400);
  });
});
