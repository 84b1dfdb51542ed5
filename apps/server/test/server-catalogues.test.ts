import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGES } from "@festgeld/domain";
import {
  flatten,
  keyDifferences,
  missingPluralForms,
  placeholderDifferences,
} from "@festgeld/domain/catalogue-shape";
import { describe, expect, it } from "vitest";
import { CATALOGUES, fill, plural } from "../src/locales/catalogues.ts";

/**
 * The server's catalogues (apps/server/src/locales), checked as the web app's are: every language has
 * exactly English's keys, non-empty, with the same {{placeholders}} per key and every plural form it
 * needs; every JSON file on disk is one the server loads. Together with `fill`, which throws on a
 * placeholder without a value or a value without a placeholder, and the message tests rendering every
 * event, a text and its code cannot drift apart.
 */

const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/locales");
const [reference, ...others] = LANGUAGES;
const NAMESPACES = Object.keys(CATALOGUES[reference]) as Array<keyof (typeof CATALOGUES)["en"]>;

describe("server catalogues", () => {
  it("loads one file per namespace and language, and no other", () => {
    const onDisk = LANGUAGES.flatMap((language) =>
      readdirSync(path.join(LOCALES, language))
        .filter((file) => file.endsWith(".json"))
        .map((file) => `${language}/${file}`),
    ).sort();
    const loaded = LANGUAGES.flatMap((language) =>
      Object.keys(CATALOGUES[language]).map((namespace) => `${language}/${namespace}.json`),
    ).sort();
    expect(onDisk).toEqual(loaded);
    for (const language of LANGUAGES) expect(Object.keys(CATALOGUES[language])).toEqual(NAMESPACES);
  });

  for (const namespace of NAMESPACES) {
    describe(namespace, () => {
      const flat = Object.fromEntries(
        LANGUAGES.map((l) => [l, flatten(CATALOGUES[l][namespace])] as const),
      ) as Record<string, Map<string, unknown>>;
      const en = flat[reference] as Map<string, unknown>;

      it("has only non-empty texts as leaves", () => {
        for (const language of LANGUAGES) {
          for (const [key, value] of flat[language] ?? []) {
            expect(typeof value, `${language}/${namespace}: ${key}`).toBe("string");
            expect((value as string).trim(), `${language}/${namespace}: ${key} is empty`).not.toBe("");
          }
        }
      });

      it("sets French punctuation with a narrow no-break space (before : ; ! ? and inside « »)", () => {
        // A plain space would let the mark start the next line; the web's catalogues write it the same way.
        for (const [key, value] of flat.fr ?? []) {
          expect(String(value), `fr/${namespace}: ${key}`).not.toMatch(/[ \u00a0][:;!?»]|«[ \u00a0]/);
        }
      });

      for (const language of others) {
        it(`${language} has exactly the keys of ${reference}`, () => {
          const { missing, extra } = keyDifferences(en, flat[language] as Map<string, unknown>);
          expect(missing, `missing in ${language}/${namespace}`).toEqual([]);
          expect(extra, `only in ${language}/${namespace}`).toEqual([]);
        });

        it(`${language} uses the same placeholders as ${reference}`, () => {
          const own = flat[language] as Map<string, unknown>;
          expect(placeholderDifferences(en, own, { reference, own: language })).toEqual([]);
        });
      }

      it("gives every plural key each form its language needs", () => {
        const problems = LANGUAGES.flatMap((language) =>
          missingPluralForms(flat[language] as Map<string, unknown>, language).map(
            (key) => `${language}/${namespace}: ${key}`,
          ),
        );
        expect(problems).toEqual([]);
      });
    });
  }

  it("fills placeholders strictly both ways", () => {
    expect(fill("Issued on {{date}}", { date: "1 May 2026" })).toBe("Issued on 1 May 2026");
    expect(fill("Total")).toBe("Total");
    expect(() => fill("Issued on {{date}}")).toThrow("needs a value for {{date}}");
    expect(() => fill("Total", { date: "1 May 2026" })).toThrow("has no {{date}}");
  });

  it("picks each language's plural form", () => {
    const months = (language: (typeof LANGUAGES)[number], n: number) =>
      plural(CATALOGUES[language].messages.label, "months", n, language);
    expect([months("en", 1), months("en", 12)]).toEqual(["1 month", "12 months"]);
    expect([months("de", 1), months("de", 12)]).toEqual(["1 Monat", "12 Monate"]);
    expect([months("fr", 1), months("fr", 12), months("fr", 1_000_000)]).toEqual([
      "1 mois",
      "12 mois",
      "1000000 mois",
    ]);
  });
});
