import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../src/lib/mailer.ts";
import { writeBroadcastBatch } from "../src/modules/notifications/email-outbox.repository.ts";
import {
  DEFAULT_EMAIL_WORKER_OPTIONS,
  EmailOutboxWorker,
  retryDelayMs,
} from "../src/modules/notifications/email-outbox.worker.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { appWithSmtp, waitFor } from "./helpers/smtp.ts";

type Headers = { authorization: string };

const send = (app: FastifyInstance, headers: Headers, payload: unknown) =>
  app.inject({ method: "POST", url: "/api/admin/notifications/send", headers, payload: payload as object });

const inbox = (app: FastifyInstance, headers: Headers, query = "") =>
  app.inject({ method: "GET", url: `/api/notifications${query}`, headers });

const unread = async (app: FastifyInstance, headers: Headers) => {
  const res = await app.inject({ method: "GET", url: "/api/notifications/unread-count", headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { unread: number }).unread;
};

async function count(
  app: FastifyInstance,
  table: "notifications" | "notification_recipients" | "email_outbox",
) {
  const { n } = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

describe("notifications in the app (no SMTP: e-mails go to the mail folder)", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    alice = await createUser(t.app, { full_name: "Alice Example" });
    bob = await createUser(t.app, { full_name: "Bob Example" });
  });
  afterAll(() => t.close());

  it("refuses a blank title or message with the product's error text and stores nothing", async () => {
    for (const payload of [
      { title: "", message: "Hello", user_ids: null },
      { title: "Hello", message: "   ", user_ids: null },
      { title: " \n ", message: "", user_ids: null },
    ]) {
      const res = await send(t.app, admin.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "notification_empty", detail: "Please enter title and message" });
    }
    expect(await count(t.app, "notifications")).toBe(0);
  });

  it("refuses bad input with a 400 and no 5xx", async () => {
    for (const payload of [
      { title: "x".repeat(201), message: "m" },
      { title: "t", message: "m", user_ids: ["not-a-uuid"] },
      { title: "t", message: "m", user_ids: [] },
      { title: "t", message: "m", extra: true },
      { title: 5, message: "m" },
    ]) {
      const res = await send(t.app, admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    expect(await count(t.app, "notifications")).toBe(0);
  });

  it("refuses unknown recipients (400) and stores nothing", async () => {
    const ghost = randomUUID();
    const res = await send(t.app, admin.headers, {
      title: "T",
      message: "M",
      user_ids: [alice.user.id, ghost],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "user_not_found" });
    expect(res.json().detail).toContain(ghost);
    expect(await count(t.app, "notifications")).toBe(0);
    expect(await count(t.app, "notification_recipients")).toBe(0);
  });

  it("sends to all users with one row, visible in every inbox, and records it in the audit log", async () => {
    const res = await send(t.app, admin.headers, {
      title: "  New rates  ",
      message: "Our 12-month rate rises to 3.6 %.",
      user_ids: null,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ audience: "all", recipients: 3, emails_queued: 3 });
    expect(await count(t.app, "notifications")).toBe(1);
    expect(await count(t.app, "notification_recipients")).toBe(0);
    expect(await count(t.app, "email_outbox")).toBe(0);

    for (const who of [alice, bob, admin]) {
      const list = await inbox(t.app, who.headers);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        {
          id: body.id,
          title: "New rates",
          message: "Our 12-month rate rises to 3.6 %.",
          created_at: body.created_at,
          read: false,
          kind: "announcement",
          application_id: null,
          document_id: null,
        },
      ]);
      expect(list.headers["x-total-count"]).toBe("1");
      expect(list.headers["x-unread-count"]).toBe("1");
    }

    const audit = await t.app.inject({ method: "GET", url: "/api/admin/audit-log", headers: admin.headers });
    expect(audit.json()[0]).toMatchObject({
      action: "notification.sent",
      actor: { id: admin.user.id, email: admin.user.email },
      target_type: "notification",
      target_id: body.id,
      details: { audience: "all", recipients: 3, title: "New rates" },
    });
  });

  it("omits a user absent when an 'all users' notification was sent", async () => {
    const late = await createUser(t.app);
    const list = await inbox(t.app, late.headers);
    expect(list.json()).toEqual([]);
    expect(await unread(t.app, late.headers)).toBe(0);
  });

  it("sends to a list: only the listed users see it, and nobody can read or mark another's", async () => {
    const res = await send(t.app, admin.headers, {
      title: "Your documents",
      message: "Please upload a current proof of address.",
      user_ids: [alice.user.id, alice.user.id.toUpperCase()],
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(res.json()).toMatchObject({ audience: "selected", recipients: 1 });

    const aliceList = (await inbox(t.app, alice.headers)).json() as Array<{ id: string; title: string }>;
    expect(aliceList.map((n) => n.title)).toEqual(["Your documents", "New rates"]);
    const bobList = (await inbox(t.app, bob.headers)).json() as Array<{ id: string }>;
    expect(bobList.map((n) => n.id)).not.toContain(id);
    expect(await unread(t.app, bob.headers)).toBe(1);

    const steal = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${id}/read`,
      headers: bob.headers,
    });
    expect(steal.statusCode).toBe(404);
    expect(steal.json().code).toBe("notification_not_found");
    expect(await unread(t.app, alice.headers)).toBe(2);
  });

  it("keeps read state per user: mark one read, then all read", async () => {
    const [latest, older] = (await inbox(t.app, alice.headers)).json() as Array<{ id: string }>;
    const mark = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${older?.id}/read`,
      headers: alice.headers,
    });
    expect(mark.statusCode).toBe(200);
    expect(mark.json()).toEqual({ unread: 1 });
    // Marking twice is harmless.
    const again = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${older?.id}/read`,
      headers: alice.headers,
    });
    expect(again.json()).toEqual({ unread: 1 });

    const unreadOnly = (await inbox(t.app, alice.headers, "?unread=true")).json() as Array<{ id: string }>;
    expect(unreadOnly.map((n) => n.id)).toEqual([latest?.id]);
    // Bob's copy of the broadcast stays unread.
    expect(await unread(t.app, bob.headers)).toBe(1);

    const all = await t.app.inject({
      method: "POST",
      url: "/api/notifications/read-all",
      headers: alice.headers,
    });
    expect(all.json()).toEqual({ unread: 0 });
    const list = (await inbox(t.app, alice.headers)).json() as Array<{ read: boolean }>;
    expect(list.every((n) => n.read)).toBe(true);
    expect(await unread(t.app, bob.headers)).toBe(1);
  });

  it("pages the inbox newest first within bounds", async () => {
    const carol = await createUser(t.app);
    for (let i = 1; i <= 5; i++) {
      const res = await send(t.app, admin.headers, {
        title: `Note ${i}`,
        message: "m",
        user_ids: [carol.user.id],
      });
      expect(res.statusCode).toBe(201);
    }
    const first = await inbox(t.app, carol.headers, "?limit=2");
    expect(first.headers["x-total-count"]).toBe("5");
    expect((first.json() as Array<{ title: string }>).map((n) => n.title)).toEqual(["Note 5", "Note 4"]);
    const last = await inbox(t.app, carol.headers, "?limit=2&offset=4");
    expect((last.json() as Array<{ title: string }>).map((n) => n.title)).toEqual(["Note 1"]);
    const beyond = await inbox(t.app, carol.headers, "?offset=50");
    expect(beyond.json()).toEqual([]);
    for (const bad of ["?limit=0", "?limit=201", "?offset=-1", "?limit=abc"]) {
      const res = await inbox(t.app, carol.headers, bad);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it("queues the e-mails of listed recipients for the mail folder when SMTP is not configured", async () => {
    // No worker runs in this app, so they wait in the outbox, one row per listed recipient.
    const rows = await t.app.db.selectFrom("email_outbox").select(["notification_id", "sent_at"]).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.notification_id !== null && row.sent_at === null)).toBe(true);
  });
});

/* ------------------------------------------------------------------------------------------------ */

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port; `reject` decides per attempt whether to refuse a message. */
async function startSmtp(reject: (attempt: number, to: string) => boolean) {
  const received: Received[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        attempts += 1;
        if (reject(attempts, to[0] ?? "")) {
          const error = new Error("451 Temporary local problem, please try again") as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        received.push({ to, raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function outboxRows(app: FastifyInstance) {
  return app.db.selectFrom("email_outbox").selectAll().orderBy("id").execute();
}

// Each test builds its own app on a fresh database, which takes a while on a busy machine.
describe("notification e-mails through a real local SMTP server", { timeout: 120_000 }, () => {
  it("e-mails every account for an 'all users' notification, one outbox row each", async () => {
    const smtp = await startSmtp(() => false);
    const { app, close } = await appWithSmtp(smtp.url);
    try {
      const admin = await createAdmin(app);
      const users = await Promise.all([createUser(app), createUser(app), createUser(app)]);
      const res = await send(app, admin.headers, {
        title: "Zinsänderung / rate change",
        message: "Line one\nLine two",
        user_ids: null,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ recipients: 4, emails_queued: 4 });

      await waitFor(() => smtp.received.length === 4, "four e-mails");
      const recipients = smtp.received.flatMap((m) => m.to).sort();
      expect(recipients).toEqual([admin.user.email, ...users.map((u) => u.user.email)].sort());
      for (const mail of smtp.received) {
        expect(mail.raw).toMatch(/^From: Festgeld Demo <no-reply@example\.test>/m);
        expect(mail.raw).toContain("Line one");
        expect(mail.raw).toMatch(/^Subject: /m);
      }
      await waitFor(async () => (await outboxRows(app)).every((r) => r.sent_at !== null), "sent marks");
      const rows = await outboxRows(app);
      expect(rows).toHaveLength(4);
      expect(rows.every((r) => r.attempts === 1 && r.failed_at === null)).toBe(true);
    } finally {
      await close();
      await smtp.close();
    }
  });

  it("e-mails only the listed recipients", async () => {
    const smtp = await startSmtp(() => false);
    const { app, close } = await appWithSmtp(smtp.url);
    try {
      const admin = await createAdmin(app);
      const target = await createUser(app);
      await createUser(app);
      const res = await send(app, admin.headers, {
        title: "Hi",
        message: "Only you",
        user_ids: [target.user.id],
      });
      expect(res.json()).toMatchObject({ recipients: 1, emails_queued: 1 });
      await waitFor(() => smtp.received.length === 1, "one e-mail");
      expect(smtp.received[0]?.to).toEqual([target.user.email]);
      // Nothing else arrives later.
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(1);
    } finally {
      await close();
      await smtp.close();
    }
  });

  it("retries after a refused first attempt and delivers once", async () => {
    const smtp = await startSmtp((attempt) => attempt === 1);
    const { app, close } = await appWithSmtp(smtp.url);
    try {
      const admin = await createAdmin(app);
      const target = await createUser(app);
      const res = await send(app, admin.headers, {
        title: "Retry",
        message: "Eventually",
        user_ids: [target.user.id],
      });
      expect(res.statusCode).toBe(201);
      await waitFor(() => smtp.received.length === 1, "the retried e-mail");
      expect(smtp.attempts()).toBe(2);
      await waitFor(async () => (await outboxRows(app))[0]?.sent_at != null, "sent mark");
      const [row] = await outboxRows(app);
      expect(row).toMatchObject({ attempts: 2, failed_at: null, last_error: null });
    } finally {
      await close();
      await smtp.close();
    }
  });

  it("gives up after the last attempt and keeps the reason", async () => {
    const smtp = await startSmtp(() => true);
    const { app, close } = await appWithSmtp(smtp.url, {}, { maxAttempts: 3 });
    try {
      const admin = await createAdmin(app);
      const target = await createUser(app);
      await send(app, admin.headers, { title: "Never", message: "Refused", user_ids: [target.user.id] });
      await waitFor(async () => (await outboxRows(app))[0]?.failed_at != null, "the final failure");
      const [row] = await outboxRows(app);
      expect(row?.attempts).toBe(3);
      expect(row?.sent_at).toBeNull();
      expect(row?.last_error).toContain("451");
      expect(smtp.received).toHaveLength(0);
      expect(smtp.attempts()).toBe(3);
    } finally {
      await close();
      await smtp.close();
    }
  });

  it("accepts the send while the mail server is down; the e-mail waits in the outbox", async () => {
    // A mail server that is down: the send still succeeds at once and the e-mail waits in the outbox.
    const smtp = await startSmtp(() => false);
    const url = smtp.url;
    await smtp.close();
    const { app, close } = await appWithSmtp(url);
    try {
      const admin = await createAdmin(app);
      const res = await send(app, admin.headers, { title: "Queued", message: "Later", user_ids: null });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ emails_queued: 1 });
      await waitFor(async () => (await outboxRows(app))[0]?.last_error != null, "a failed attempt");
      const [row] = await outboxRows(app);
      expect(row?.sent_at).toBeNull();
      expect(row?.failed_at).toBeNull();
    } finally {
      await close();
    }
  });

  it("marks an e-mail failed, without sending, when its recipient no longer exists", async () => {
    const smtp = await startSmtp(() => false);
    // Queue only (no worker in the app), remove the account, then let a worker take the queue.
    const t = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const admin = await createAdmin(t.app);
      const gone = await createUser(t.app);
      const res = await send(t.app, admin.headers, { title: "Bye", message: "M", user_ids: [gone.user.id] });
      expect(res.json()).toMatchObject({ emails_queued: 1 });
      await t.app.db.deleteFrom("users").where("id", "=", gone.user.id).execute();
      const mailer = createSmtpMailer(smtp.url, "no-reply@example.test");
      const worker = new EmailOutboxWorker(t.app.db, mailer, t.app.log, {
        ...DEFAULT_EMAIL_WORKER_OPTIONS,
        pollIntervalMs: 50,
      });
      worker.start();
      try {
        await waitFor(async () => (await outboxRows(t.app))[0]?.failed_at != null, "the failure mark");
      } finally {
        await worker.stop();
        mailer.close();
      }
      const [row] = await outboxRows(t.app);
      expect(row?.last_error).toBe("recipient or notification no longer exists");
      expect(row?.sent_at).toBeNull();
      expect(smtp.received).toHaveLength(0);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it("backs off exponentially up to a cap", () => {
    const options = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 8].map((a) => retryDelayMs(a, options))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000,
    ]);
  });

  it("writes a broadcast's e-mails in batches of accounts, once each, to the accounts that existed when it was sent", async () => {
    // Queue only (no worker in the app): the batches are written by hand here.
    const t = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const admin = await createAdmin(t.app);
      const users = [];
      for (let i = 0; i < 6; i++) users.push(await createUser(t.app));
      const res = await send(t.app, admin.headers, { title: "All", message: "Everyone", user_ids: null });
      expect(res.json()).toMatchObject({ audience: "all", recipients: 7, emails_queued: 7 });
      // The request wrote no e-mail rows, only the broadcast.
      expect(await count(t.app, "email_outbox")).toBe(0);
      const notificationId = (res.json() as { id: string }).id;
      // Someone who signs up afterwards does not see it in the inbox and gets no e-mail.
      const late = await createUser(t.app);
      await t.app.db
        .updateTable("users")
        .set({ created_at: new Date(Date.now() + 60_000) })
        .where("id", "=", late.user.id)
        .execute();

      const written: number[] = [];
      while (await writeBroadcastBatch(t.app.db, 3)) written.push(await count(t.app, "email_outbox"));
      // 8 accounts in batches of 3: three batches, the last one short, which ends the broadcast; the
      // late account is passed over in whichever batch it falls.
      expect(written).toHaveLength(3);
      expect(written.at(-1)).toBe(7);
      expect(await writeBroadcastBatch(t.app.db, 3)).toBe(false);
      expect(await t.app.db.selectFrom("email_broadcasts").selectAll().execute()).toEqual([]);

      const rows = await outboxRows(t.app);
      expect(rows.every((r) => r.notification_id === notificationId)).toBe(true);
      expect(rows.map((r) => r.user_id).sort()).toEqual(
        [admin.user.id, ...users.map((u) => u.user.id)].sort(),
      );
    } finally {
      await t.close();
    }
  });
});
