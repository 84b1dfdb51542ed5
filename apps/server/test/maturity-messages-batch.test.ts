import { createHash } from "node:crypto";
import { BUSINESS_TIME_ZONE, dateInZone, type Language, startOfDayInZone } from "@festgeld/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { textsFor } from "../src/locales/catalogues.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { fundedByStaff, maturityJobs, settleMaturities } from "./helpers/deposits.ts";
import type { createAdmin } from "./helpers/factories.ts";
import { pdfText } from "./helpers/ledger.ts";
import { dbCents } from "./helpers/money.ts";

/**
 * The messages of a maturity batch are told set-based (docs/decisions.md "Maturity at scale"): the
 * queued message jobs run as one batch that writes the inbox messages and the e-mails in multi-row
 * statements, each in its saver's language, and records each statement with its text and figures; the
 * statement's PDF is rendered on its first download, the same bytes however often and by whichever
 * download it is rendered.
 */

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

// E-mails are queued in the outbox (SMTP_URL set); nothing sends them in this test.
clockAppForFile(
  (app) => {
    ({ t, clock, admin } = app);
  },
  { SMTP_URL: "smtp://127.0.0.1:1" },
);

/** A saver writing in `language` with a funded 12-month deposit that renews in full at maturity. */
async function renewingSaver(language: Language, amount: number, valueDate: string) {
  const { saver, deposit } = await fundedByStaff(t.app, admin, valueDate, {
    amount,
    instruction: "renew_all",
    language,
  });
  return { language, saver, depositId: deposit.id };
}

const noon = (date: string) =>
  new Date(startOfDayInZone(date, BUSINESS_TIME_ZONE).getTime() + 12 * 3_600_000);

/** Settles the deposits' maturity jobs as one batch, as the queue would (the jobs are left running). */
async function settleTogether(depositIds: readonly string[], now: Date) {
  await settleMaturities(t.app, await maturityJobs(t.app, depositIds), now);
}

describe("the messages of a maturity batch", () => {
  it("savers in English, German and French each get one inbox message, one e-mail and the statement, in their language", async () => {
    clock.reset();
    const today = dateInZone(clock.now(), BUSINESS_TIME_ZONE);
    const savers = [
      await renewingSaver("en", 10_000, today),
      await renewingSaver("de", 12_000, today),
      await renewingSaver("fr", 15_000, today),
    ];
    const ids = savers.map((s) => s.saver.user.id);
    const { maturity_date: maturity } = await t.app.db
      .selectFrom("deposits")
      .select("maturity_date")
      .where("id", "=", savers[0]?.depositId ?? "")
      .executeTakeFirstOrThrow();
    const now = noon(maturity as string);
    clock.set(now);
    await settleTogether(
      savers.map((s) => s.depositId),
      now,
    );
    // One message job per saver, told by the queue in one batch.
    const queued = await t.app.db
      .selectFrom("jobs")
      .select(["key", "state"])
      .where("name", "=", "messages.notify")
      .where((eb) => eb.or(ids.map((id) => eb("key", "like", `messages.notify:${id}:%`))))
      .execute();
    expect(queued.map((j) => j.state)).toEqual(["pending", "pending", "pending"]);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();

    for (const { language, saver, depositId } of savers) {
      const key = `deposit_renewed:${depositId}`;
      const told = await t.app.db
        .selectFrom("message_events")
        .innerJoin("notifications", "notifications.id", "message_events.notification_id")
        .select(["notifications.title", "notifications.message"])
        .where("message_events.user_id", "=", saver.user.id)
        .where("message_events.event_key", "=", key)
        .execute();
      // One inbox message, titled in the saver's language, naming the new statement in the postbox.
      expect(told).toHaveLength(1);
      const texts = textsFor(language);
      const subject = texts.messages.events.deposit_renewed.subject;
      expect(told[0]?.title.startsWith(subject.slice(0, subject.indexOf("{{")))).toBe(true);
      expect(told[0]?.message).toContain(texts.documents.title.maturity_statement);
      const inbox = (
        await t.app.inject({ url: "/api/notifications", headers: saver.headers })
      ).json() as Array<{
        title: string;
      }>;
      expect(inbox.filter((m) => m.title === told[0]?.title)).toHaveLength(1);
      // One e-mail, queued in the saver's language with the facts of the renewal.
      const emails = await t.app.db
        .selectFrom("email_outbox")
        .select(["language", "facts", "template"])
        .where("user_id", "=", saver.user.id)
        .where("template", "=", "event")
        .execute();
      const renewed = emails.filter((e) => (e.facts as { type?: string } | null)?.type === "deposit_renewed");
      expect(renewed).toHaveLength(1);
      expect(renewed[0]?.language).toBe(language);

      // The statement: listed at once with its figures recorded, rendered on first download.
      const listed = (await t.app.inject({ url: "/api/documents", headers: saver.headers })).json() as Array<{
        id: string;
        kind: string;
        language: string;
        size_bytes: number | null;
      }>;
      const statement = listed.find((d) => d.kind === "maturity_statement");
      expect(statement).toMatchObject({ language, size_bytes: null });
      const row = await t.app.db
        .selectFrom("postbox_documents")
        .select(["content", "storage_key"])
        .where("id", "=", statement?.id ?? "")
        .executeTakeFirstOrThrow();
      expect(row.storage_key).toBeNull();
      expect(row.content).toMatchObject({
        event: "deposit_renewed",
        facts: { deposit_reference: expect.any(String) },
      });
      // Two first downloads at once render the same bytes; the file kept is those bytes.
      const url = `/api/documents/${statement?.id}`;
      const [first, second] = await Promise.all([
        t.app.inject({ url, headers: saver.headers }),
        t.app.inject({ url, headers: saver.headers }),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
      const kept = await t.app.db
        .selectFrom("postbox_documents")
        .select(["sha256", "size_bytes"])
        .where("id", "=", statement?.id ?? "")
        .executeTakeFirstOrThrow();
      expect(kept.sha256).toBe(createHash("sha256").update(first.rawPayload).digest("hex"));
      expect(kept.size_bytes).toBe(first.rawPayload.length);
      const again = await t.app.inject({ url, headers: saver.headers });
      expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
      // In the saver's language, with the reference and the new amount the renewal booked.
      const text = await pdfText(first.rawPayload);
      expect(text).toContain(texts.documents.title.maturity_statement);
      const renewal = await t.app.db
        .selectFrom("deposits")
        .select(["amount_cents"])
        .where("previous_deposit_id", "=", depositId)
        .executeTakeFirstOrThrow();
      const facts = row.content?.facts ?? {};
      expect(facts.new_amount_cents).toBe(dbCents(renewal.amount_cents));
    }
    // Nothing more for these savers when the queue runs again.
    await t.app.jobs.runDue();
    const renewedEmails = await t.app.db
      .selectFrom("email_outbox")
      .select("user_id")
      .where("user_id", "in", ids)
      .where("template", "=", "event")
      .where(({ ref }) => sql<boolean>`${ref("facts")} ->> 'type' = 'deposit_renewed'`)
      .execute();
    expect(renewedEmails).toHaveLength(3);
    clock.reset();
  });
});
