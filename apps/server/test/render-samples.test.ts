import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LANGUAGES } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../src/modules/messages/message-events.ts";
import { DOCUMENT_KINDS } from "../src/modules/messages/postbox-pdf.ts";

const root = path.resolve(import.meta.dirname, "../../..");

describe("npm run samples", () => {
  it("renders every e-mail template and every PDF kind in en, de and fr", { timeout: 120_000 }, () => {
    const out = mkdtempSync(path.join(tmpdir(), "festgeld-samples-"));
    execFileSync(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "--tsconfig",
        "apps/server/tsconfig.json",
        "apps/server/src/cli/render-samples.ts",
        "--out",
        out,
      ],
      { cwd: root, stdio: "pipe" },
    );
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(out, language));
      for (const type of EVENT_TYPES) {
        expect(files).toContain(`email-event-${type}.html`);
        expect(files).toContain(`email-event-${type}.txt`);
      }
      for (const name of [
        "account-password-reset",
        "account-verify-email",
        "newsletter-confirm",
        "newsletter-issue",
        "notification",
      ]) {
        expect(files).toContain(`email-${name}.html`);
      }
      for (const kind of DOCUMENT_KINDS) expect(files).toContain(`pdf-${kind}.pdf`);
      const issue = readFileSync(path.join(out, language, "email-newsletter-issue.txt"), "utf8");
      expect(issue).toContain("/newsletter/unsubscribe#token=SAMPLE");
    }
    const reminder = readFileSync(path.join(out, "de", "email-event-deposit_maturity_reminder.txt"), "utf8");
    expect(reminder).toContain("22. November 2027");
  });
});
