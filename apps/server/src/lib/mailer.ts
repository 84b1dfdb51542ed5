import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML version (multipart/alternative with the text), when there is one. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletters. */
  headers?: Record<string, string>;
}

/** Outgoing e-mail over SMTP (SMTP_URL). Sending throws on any refusal, so the caller can retry. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** What nodemailer is given for a message, whichever transport carries it. */
function mailOptions(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    headers: { "Auto-Submitted": "auto-generated", ...message.headers },
  };
}

export interface MailFolderLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * Outgoing e-mail without a mail server (SMTP_URL unset): each message is composed by nodemailer's
 * stream transport, exactly as it would go over SMTP, and written as one `.eml` file (0600) into
 * `dir` (0700), where any mail client opens it. With `log`, each message's recipient, subject and
 * links are logged too, so that a first run can follow a confirmation link from the terminal; the
 * links carry single-use tokens, so the server passes a log only outside production.
 */
export function createFolderMailer(dir: string, from: string, log?: MailFolderLog): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from });
  let made: Promise<unknown> | null = null;
  return {
    async send(message) {
      made ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await made;
      const info = await transport.sendMail(mailOptions(message));
      const stamp = new Date().toISOString().replace(/[-:.]/g, "");
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      // "wx": never overwrites; the process umask (077) and the mode keep it private.
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: "wx" });
      log?.info(
        { to: message.to, subject: message.subject, links: linksIn(message.text), file },
        "e-mail written to the mail folder",
      );
    },
    close() {
      transport.close();
    },
  };
}

/** The web addresses in a plain-text e-mail, in order, each once. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(
    {
      url,
      // A pool keeps a few connections open while the outbox drains a large send.
      pool: true,
      maxConnections: 3,
      // Bounded waits: a slow or silent mail server makes an attempt fail (and be retried later)
      // instead of holding the worker forever.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from },
  );
  return {
    async send(message) {
      await transport.sendMail(mailOptions(message));
    },
    close() {
      transport.close();
    },
  };
}
