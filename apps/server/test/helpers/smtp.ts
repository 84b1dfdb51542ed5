import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { Clock } from "../../src/lib/clock.ts";
import { createTestApp, type TestApp } from "./app.ts";

/** One e-mail as the local SMTP server received it, parsed. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
}

/**
 * A real SMTP server on a free local port that keeps every message it accepts, parsed. The one helper
 * for tests that read e-mail: start it, give its `url` to `appWithSmtp`, read `received`, `to(...)`,
 * or wait for one message with `waitFor(...)`.
 */
export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const parsing: Promise<void>[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session: SMTPServerSession, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const done = simpleParser(stream).then((mail) => {
        received.push({
          to,
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          headers: mail.headers,
        });
      });
      parsing.push(done);
      done.then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mails to one address. */
    to: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())),
    /** Waits for a message to `to` whose subject contains `subject` (the n-th such, from 0). */
    async waitFor(to: string, subject: string, nth = 0): Promise<ReceivedMail> {
      let found: ReceivedMail | undefined;
      await waitFor(() => {
        found = received.filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject))[nth];
        return found !== undefined;
      }, `an e-mail "${subject}" to ${to}`);
      return found as ReceivedMail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The whole app with SMTP configured and the outbox worker polling quickly (on a test clock if given;
 * `maxAttempts`: how often an e-mail is tried before it is marked failed).
 */
export function appWithSmtp(
  smtpUrl: string,
  env: Record<string, string> = {},
  options: { clock?: Clock; maxAttempts?: number } = {},
): Promise<TestApp> {
  return createTestApp(
    {
      SMTP_URL: smtpUrl,
      SMTP_FROM: "Festgeld Demo <no-reply@example.test>",
      PUBLIC_URL: "https://festgeld.example.test",
      ...env,
    },
    {
      backgroundJobs: {
        emailWorker: {
          pollIntervalMs: 50,
          retryBaseMs: 100,
          retryMaxMs: 400,
          ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
        },
      },
      ...(options.clock ? { clock: options.clock } : {}),
    },
  );
}

export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The token of the first link in a mail text (`...#token=<token>`). */
export function linkToken(text: string): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link with a token in: ${text}`);
  return match[1];
}

/** Waits until the outbox holds no e-mail that is still to be sent. */
export async function outboxDrained(app: FastifyInstance) {
  await waitFor(async () => {
    const row = await app.db
      .selectFrom("email_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .executeTakeFirst();
    return row === undefined;
  }, "the e-mail outbox to drain");
}
