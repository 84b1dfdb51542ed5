import { LANGUAGES } from "@festgeld/domain/constants";
import { describe, expect, it } from "vitest";

/**
 * The back office names deposit states and document types in the staff's words: where the saver's
 * label speaks to the saver ("Awaiting your transfer"), a staff label (staffStatus, staffTypes) replaces
 * it; the screens ask for the staff key first and fall back to the saver's (docs/decisions.md "Staff
 * labels in the back office").
 */
type Labels = Record<string, unknown>;
const files = import.meta.glob<Labels>("./*/{deposits,kyc}.json", { eager: true, import: "default" });

const SECOND_PERSON: Record<string, RegExp> = {
  en: /\byour?\b/i,
  de: /\b(Ihr|Ihre|Ihren|Ihrem|Ihrer|Sie)\b/,
  fr: /\b(votre|vos|vous)\b/i,
};

describe("staff labels", () => {
  for (const language of LANGUAGES) {
    it(`never address the saver in the back office (${language})`, () => {
      const deposits = files[`./${language}/deposits.json`] as {
        status: Record<string, string>;
        staffStatus: Record<string, string>;
      };
      const kyc = files[`./${language}/kyc.json`] as {
        types: Record<string, { title: string }>;
        staffTypes: Record<string, { title: string }>;
      };
      const pattern = SECOND_PERSON[language] as RegExp;
      for (const status of Object.keys(deposits.status)) {
        const label = deposits.staffStatus[status] ?? deposits.status[status];
        expect(label, status).not.toMatch(pattern);
      }
      for (const type of Object.keys(kyc.types)) {
        const label = kyc.staffTypes[type]?.title ?? kyc.types[type]?.title;
        expect(label, type).not.toMatch(pattern);
      }
    });
  }
});
