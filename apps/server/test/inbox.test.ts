import { INBOX_KIND_OF_EVENT, type InboxNotification } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../src/modules/messages/message-events.ts";
import { eventText } from "../src/modules/messages/message-texts.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { approvedApplication } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

type Headers = { authorization: string };

const list = async (app: FastifyInstance, headers: Headers, query = "") => {
  const res = await app.inject({ method: "GET", url: `/api/notifications${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return {
    items: res.json() as InboxNotification[],
    total: Number(res.headers["x-total-count"]),
    unread: Number(res.headers["x-unread-count"]),
  };
};

it("every event a saver is told about has an inbox kind", () => {
  expect(EVENT_TYPES.filter((type) => !(type in INBOX_KIND_OF_EVENT))).toEqual([]);
});

describe("the inbox: kinds, links and the kind filter", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let saver: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let applicationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    saver = await createUser(t.app);
    other = await createUser(t.app);
    const application = await approvedApplication(t.app, saver, admin);
    applicationId = application.id;
    await t.app.messages.notify(t.app.db, {
      userId: saver.user.id,
      event: "new_sign_in",
      key: "new_sign_in:inbox-test",
      facts: { signed_in_at: new Date().toISOString(), browser: "Firefox", os: "Linux", ip: null },
    });
    await t.app.messages.notify(t.app.db, {
      userId: saver.user.id,
      event: "deposit_funded",
      key: `deposit_funded:${application.deposit.id}`,
      facts: {
        application_id: application.id,
        amount_cents: 1_000_000,
        currency: "EUR",
        rate: "3.00",
        term_months: 12,
        value_date: "2026-01-02",
        maturity_date: "2027-01-02",
      },
    });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/admin/notifications/send",
      headers: admin.headers,
      payload: { title: "Branch closed", message: "On Friday.", user_ids: [saver.user.id] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
  });
  afterAll(() => t.close());

  it("answers 401 to an anonymous caller, with or without a kind", async () => {
    for (const url of ["/api/notifications", "/api/notifications?kind=deposit"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(401);
    }
  });

  it("names each message's kind, the application it is about and the document issued with it", async () => {
    const { items, total } = await list(t.app, saver.headers);
    expect(total).toBe(items.length);
    const byTitle = (pattern: RegExp) => items.filter((item) => pattern.test(item.title));
    const [announcement] = byTitle(/^Branch closed$/);
    expect(announcement).toMatchObject({ kind: "announcement", application_id: null, document_id: null });
    const [funded] = byTitle(/^Funds received/);
    expect(funded).toMatchObject({ kind: "deposit", application_id: applicationId });
    expect(funded?.document_id).toEqual(expect.any(String));
    const [signIn] = byTitle(/sign-in|signed in/i);
    expect(signIn).toMatchObject({ kind: "security", application_id: null, document_id: null });
    const applicationMessages = items.filter((item) => item.kind === "deposit" && item !== funded);
    expect(applicationMessages.length).toBeGreaterThanOrEqual(2);
    for (const item of applicationMessages) expect(item.application_id).toBe(applicationId);
    const documents = await t.app.inject({ method: "GET", url: "/api/documents", headers: saver.headers });
    const documentIds = (documents.json() as { id: string }[]).map((d) => d.id);
    for (const item of items.filter((i) => i.document_id)) expect(documentIds).toContain(item.document_id);
  });

  it("filters by kind, counts the filtered total and keeps the whole inbox's unread count", async () => {
    const all = await list(t.app, saver.headers);
    for (const kind of ["deposit", "identity", "security", "announcement"] as const) {
      const page = await list(t.app, saver.headers, `?kind=${kind}`);
      const expected = all.items.filter((item) => item.kind === kind);
      expect(page.items.map((i) => i.id)).toEqual(expected.map((i) => i.id));
      expect(page.total).toBe(expected.length);
      expect(page.unread).toBe(all.unread);
    }
    const paged = await list(t.app, saver.headers, "?kind=deposit&limit=1&offset=1");
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBe(all.items.filter((item) => item.kind === "deposit").length);
    const unreadDeposit = await list(t.app, saver.headers, "?kind=deposit&unread=true");
    expect(unreadDeposit.items.every((item) => item.kind === "deposit" && !item.read)).toBe(true);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/notifications?kind=newsletter",
      headers: saver.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows another saver none of these messages, and answers 404 when they mark one read", async () => {
    const { items } = await list(t.app, saver.headers);
    const theirs = await list(t.app, other.headers);
    expect(theirs.items.map((i) => i.id).filter((id) => items.some((item) => item.id === id))).toEqual([]);
    const target = items[0];
    if (!target) throw new Error("no message");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${target.id}/read`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("notification_not_found");
    const mine = await list(t.app, saver.headers);
    expect(mine.items.find((i) => i.id === target.id)?.read).toBe(false);
  });

  it("marks all read: only the caller's messages, and the filter then finds no unread ones", async () => {
    const before = await list(t.app, other.headers);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: saver.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 0 });
    const after = await list(t.app, saver.headers);
    expect(after.items.every((item) => item.read)).toBe(true);
    expect((await list(t.app, saver.headers, "?kind=deposit&unread=true")).total).toBe(0);
    expect((await list(t.app, other.headers)).unread).toBe(before.unread);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/notifications/read-all" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the inbox reads in the page's language (docs/decisions.md)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("shows an event's message in the language the page asks for, else in the account's", async () => {
    const saver = await createUser(t.app);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/me/message-preferences",
      headers: saver.headers,
      payload: { language: "de" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const facts = { signed_in_at: "2026-03-02T08:15:00.000Z", browser: "Firefox", os: "Linux", ip: null };
    await t.app.messages.notify(t.app.db, {
      userId: saver.user.id,
      event: "new_sign_in",
      key: "new_sign_in:page-language",
      facts,
    });
    const titleIn = async (acceptLanguage: string | null) => {
      const headers = acceptLanguage
        ? { ...saver.headers, "accept-language": acceptLanguage }
        : saver.headers;
      const { items } = await list(t.app, headers as Headers);
      expect(items).toHaveLength(1);
      return items[0];
    };
    const expected = (language: "en" | "de" | "fr") => eventText("new_sign_in", facts, language);
    // No language asked for (an API client): the account's.
    expect((await titleIn(null))?.title).toBe(expected("de").subject);
    for (const language of ["en", "de", "fr"] as const) {
      const item = await titleIn(`${language};q=0.9, xx;q=0.1`);
      expect(item?.title).toBe(expected(language).subject);
      expect(item?.message).toContain(expected(language).paragraphs[0]);
    }
    // A language the platform does not offer: the account's.
    expect((await titleIn("es-ES"))?.title).toBe(expected("de").subject);
  });

  it("shows a staff message written per language in the page's language too", async () => {
    const admin = await createAdmin(t.app);
    const saver = await createUser(t.app);
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/admin/notifications/send",
      headers: admin.headers,
      payload: {
        user_ids: [saver.user.id],
        texts: {
          en: { title: "Branch closed", message: "On Friday." },
          fr: { title: "Agence fermée", message: "Vendredi." },
        },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const fr = await list(t.app, { ...saver.headers, "accept-language": "fr" } as Headers);
    expect(fr.items[0]?.title).toBe("Agence fermée");
    const en = await list(t.app, saver.headers);
    expect(en.items[0]?.title).toBe("Branch closed");
  });
});
