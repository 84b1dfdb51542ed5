import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_OPERATOR } from "../src/config/operator.ts";
import { renderEmail } from "../src/modules/messages/email-layout.tsx";

const content = {
  subject: "Ihre Einlage & <Zinsen>",
  paragraphs: ["Wir haben 10.000,00 € erhalten.", 'Ein "Zitat" bleibt Text.'],
  rows: [
    ["Betrag", "10.000,00 €"],
    ["Zinssatz", "3,50 %"],
  ] as Array<[string, string]>,
  action: { url: "https://festgeld.example/de/dashboard?tab=1&x=2", label: "Übersicht öffnen" },
  kind: { type: "newsletter" as const, unsubscribeUrl: "https://festgeld.example/unsubscribe/abc" },
  note: "Nur auf Englisch verfügbar",
};

describe("e-mail rendering", () => {
  afterEach(() => vi.restoreAllMocks());

  it("renders the whole e-mail, escaped, as HTML and as plain text", async () => {
    const email = await renderEmail(content, DEMO_OPERATOR, "de");
    expect(email.subject).toBe(content.subject);
    expect(email.html.startsWith("<!DOCTYPE html PUBLIC")).toBe(true);
    expect(email.html).toMatch(/<html [^>]*lang="de"/);
    expect(email.html).toContain("Ihre Einlage &amp; &lt;Zinsen&gt;");
    expect(email.html).toContain('href="https://festgeld.example/de/dashboard?tab=1&amp;x=2"');
    expect(email.html).toContain("Nur auf Englisch verfügbar");
    // Static markup: none of the streaming renderer's boundary and text-separator comments.
    expect(email.html).not.toMatch(/<!--(\$|\/\$| |html|head|body)-->/);
    expect(email.text).toContain("Wir haben 10.000,00 € erhalten.");
    expect(email.text).toContain("Betrag");
    expect(email.text).not.toMatch(/<(p|table|td|a) /);
  });

  it("leaves no request storage switched on in the process (every later promise would pay its hook)", async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, "enterWith");
    await renderEmail(content, DEMO_OPERATOR, "fr");
    expect(run).not.toHaveBeenCalled();
    expect(enterWith).not.toHaveBeenCalled();
  });
});
