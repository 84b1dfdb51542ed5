import { ERROR_CODES } from "@festgeld/domain";
import {
  baseKey,
  flatten,
  keyDifferences,
  missingPluralForms,
  placeholderDifferences,
  requiredPluralForms,
  signature,
} from "@festgeld/domain/catalogue-shape";
import { LANGUAGES } from "@festgeld/domain/constants";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "../lib/i18n.ts";

/**
 * The catalogues of every namespace: English first, German and French complete.
 * - every key of en exists, non-empty, in de and fr, and no key exists only in de or fr;
 * - {{placeholders}} and <tags> (for <Trans>) are the same in every language;
 * - plural keys have every form the language needs (French has "many"; a missing form would fall
 *   back to English);
 * - every error code the server can send has a translation in all three languages.
 */

type Catalogue = Record<string, unknown>;
const files = import.meta.glob<Catalogue>("./*/*.json", { eager: true, import: "default" });

function catalogue(language: string, namespace: string): Catalogue | undefined {
  return files[`./${language}/${namespace}.json`];
}

const [reference, ...others] = LANGUAGES;

describe("translation catalogues", () => {
  it("has one file per namespace and language", () => {
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        expect(catalogue(language, namespace), `${language}/${namespace}.json`).toBeDefined();
      }
    }
    const known = new Set(LANGUAGES.flatMap((l) => NAMESPACES.map((n) => `./${l}/${n}.json`)));
    expect(Object.keys(files).filter((f) => !known.has(f))).toEqual([]);
  });

  for (const namespace of NAMESPACES) {
    describe(namespace, () => {
      const flat = Object.fromEntries(
        LANGUAGES.map((l) => [l, flatten(catalogue(l, namespace) ?? {})] as const),
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

      for (const language of others) {
        it(`${language} has exactly the keys of ${reference}`, () => {
          const { missing, extra } = keyDifferences(en, flat[language] as Map<string, unknown>);
          expect(missing, `missing in ${language}/${namespace}`).toEqual([]);
          expect(extra, `only in ${language}/${namespace}`).toEqual([]);
        });

        it(`${language} uses the same placeholders and tags as ${reference}`, () => {
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

  it("translates every error code in every language", () => {
    for (const language of LANGUAGES) {
      const errors = catalogue(language, "errors") ?? {};
      const missing = ERROR_CODES.filter((code) => {
        const text = errors[code];
        return typeof text !== "string" || text.trim() === "";
      });
      expect(missing, `${language}/errors.json`).toEqual([]);
    }
  });

  it("catches what it should (self-check of the helpers)", () => {
    expect(signature("{{count}} <link>months</link> {{ amount, number }}")).toEqual([
      "<link>",
      "{{amount}}",
      "{{count}}",
    ]);
    expect(signature("{{count}} mois", true)).toEqual([]);
    expect([...flatten({ a: { b: ["x", { c: "y" }] } }).keys()]).toEqual(["a.b.0", "a.b.1.c"]);
    expect(baseKey("months_many")).toBe("months");
    expect(requiredPluralForms("fr")).toContain("many");
  });
});
