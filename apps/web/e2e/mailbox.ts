import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { simpleParser } from "mailparser";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

async function readAll(): Promise<ReceivedMail[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set (playwright.config.ts starts the mail server)");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const { to, raw } = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
        to: string[];
        raw: string;
      };
      const mail = await simpleParser(raw);
      return { to, subject: mail.subject ?? "", text: mail.text ?? "" };
    }),
  );
}

/**
 * Waits for the `nth` (from 0) e-mail to `to` whose subject or text contains `match`, as the SMTP
 * server received it.
 */
export async function waitForMail(to: string, match: string, nth = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const matching = (await readAll()).filter(
          (m) => m.to.includes(to.toLowerCase()) && (m.subject.includes(match) || m.text.includes(match)),
        );
        found = matching[nth];
        return found !== undefined;
      },
      { timeout: 30_000, message: `an e-mail to ${to} with "${match}"` },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/**
 * The link of an account e-mail: the path after the public address (the page under the mail's
 * language, `/en/reset-password`), token in the fragment.
 */
export function linkPath(text: string, page: "reset-password" | "verify-email"): string {
  const match = new RegExp(`https?://[^\\s/]+(/[a-z]{2}/${page}#token=[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return match[1];
}

/** Confirms a saver's e-mail address with the link of the verification e-mail sent at registration. */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const mail = await waitForMail(email, "/verify-email#token=");
  const token = linkPath(mail.text, "verify-email").split("#token=")[1];
  const res = await request.post("/api/auth/email/verify", { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}
