import { ERROR_CODES } from "@festgeld/domain";
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

/** Flattens nested objects and arrays into dotted paths ("terms.sections.0.title") -> leaf value. */
function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()) {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0) {
      if (prefix) out.set(prefix, value);
      return out;
    }
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** "months_other" -> "months"; other keys unchanged. */
function baseKey(key: string) {
  return key.replace(PLURAL_SUFFIX, "");
}

/** The interpolation names and component tags of a text: "{{count}} <link>x</link>" -> count, <link>. */
function signature(text: string, ignoreCount = false): string[] {
  const names = [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((m) => `<${m[1]}>`);
  const nested = [...text.matchAll(/\$t\(([^),]+)/g)].map((m) => `$t(${m[1]})`);
  return [...new Set([...names, ...tags, ...nested])]
    .filter((s) => !(ignoreCount && s === "{{count}}"))
    .sort();
}

function requiredPluralForms(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
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
          const own = flat[language] as Map<string, unknown>;
          const enBases = new Set([...en.keys()].map(baseKey));
          const ownBases = new Set([...own.keys()].map(baseKey));
          const missing = [...enBases].filter((k) => !ownBases.has(k));
          const extra = [...ownBases].filter((k) => !enBases.has(k));
          expect(missing, `missing in ${language}/${namespace}`).toEqual([]);
          expect(extra, `only in ${language}/${namespace}`).toEqual([]);
        });

        it(`${language} uses the same placeholders and tags as ${reference}`, () => {
          const own = flat[language] as Map<string, unknown>;
          const problems: string[] = [];
          for (const [key, value] of own) {
            if (typeof value !== "string") continue;
            const plural = PLURAL_SUFFIX.test(key);
            const counterpart = en.get(key) ?? (plural ? en.get(`${baseKey(key)}_other`) : undefined);
            if (typeof counterpart !== "string") continue;
            const a = signature(counterpart, plural).join(" ");
            const b = signature(value, plural).join(" ");
            if (a !== b) problems.push(`${key}: ${reference} [${a}] vs ${language} [${b}]`);
          }
          expect(problems).toEqual([]);
        });
      }

      it("gives every plural key each form its language needs", () => {
        const problems: string[] = [];
        for (const language of LANGUAGES) {
          const keys = [...(flat[language] as Map<string, unknown>).keys()];
          const bases = new Set(keys.filter((k) => PLURAL_SUFFIX.test(k)).map(baseKey));
          for (const base of bases) {
            for (const form of requiredPluralForms(language)) {
              if (!keys.includes(`${base}_${form}`))
                problems.push(`${language}/${namespace}: ${base}_${form}`);
            }
          }
        }
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
