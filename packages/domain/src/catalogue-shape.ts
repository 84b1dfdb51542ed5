/*
 * The shape of a translation catalogue (nested JSON of texts, i18next's format: {{placeholders}},
 * <tags> for <Trans>, plural keys ending in _one, _other ...), for the tests that check every
 * language's catalogues against English: the web app's (apps/web/src/locales) and the server's
 * (apps/server/src/locales). Used by tests only.
 */

/** Flattens nested objects and arrays into dotted paths ("terms.sections.0.title") -> leaf value. */
export function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
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

export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** "months_other" -> "months"; other keys unchanged. */
export function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, "");
}

/** The interpolation names and component tags of a text: "{{count}} <link>x</link>" -> count, <link>. */
export function signature(text: string, ignoreCount = false): string[] {
  const names = [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((m) => `<${m[1]}>`);
  const nested = [...text.matchAll(/\$t\(([^),]+)/g)].map((m) => `$t(${m[1]})`);
  return [...new Set([...names, ...tags, ...nested])]
    .filter((s) => !(ignoreCount && s === "{{count}}"))
    .sort();
}

/** The plural categories a language needs (CLDR, as Intl and i18next name them). */
export function requiredPluralForms(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
}

/** The keys (plural forms folded) only one of two flattened catalogues has. */
export function keyDifferences(reference: Map<string, unknown>, own: Map<string, unknown>) {
  const referenceBases = new Set([...reference.keys()].map(baseKey));
  const ownBases = new Set([...own.keys()].map(baseKey));
  return {
    missing: [...referenceBases].filter((k) => !ownBases.has(k)),
    extra: [...ownBases].filter((k) => !referenceBases.has(k)),
  };
}

/** Each text whose placeholders and tags differ from the reference's text of the same key. */
export function placeholderDifferences(
  reference: Map<string, unknown>,
  own: Map<string, unknown>,
  names: { reference: string; own: string },
): string[] {
  const problems: string[] = [];
  for (const [key, value] of own) {
    if (typeof value !== "string") continue;
    const plural = PLURAL_SUFFIX.test(key);
    const counterpart = reference.get(key) ?? (plural ? reference.get(`${baseKey(key)}_other`) : undefined);
    if (typeof counterpart !== "string") continue;
    const a = signature(counterpart, plural).join(" ");
    const b = signature(value, plural).join(" ");
    if (a !== b) problems.push(`${key}: ${names.reference} [${a}] vs ${names.own} [${b}]`);
  }
  return problems;
}

/** The plural forms a flattened catalogue lacks for its language ("months_many"). */
export function missingPluralForms(catalogue: Map<string, unknown>, language: string): string[] {
  const keys = [...catalogue.keys()];
  const bases = new Set(keys.filter((k) => PLURAL_SUFFIX.test(k)).map(baseKey));
  const problems: string[] = [];
  for (const base of bases) {
    for (const form of requiredPluralForms(language)) {
      if (!keys.includes(`${base}_${form}`)) problems.push(`${base}_${form}`);
    }
  }
  return problems;
}
