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
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: { "Auto-Submitted": "auto-generated", ...message.headers },
      });
    },
    close() {
      transport.close();
    },
  };
}
