import { isLanguage, LANGUAGES, type Language, STORAGE_KEYS } from "@festgeld/domain/constants";
import { storage } from "./storage.ts";

/**
 * Public pages also live under a language prefix (/de/packages, /fr/faq, /en): the address a search
 * engine indexes and a reader shares, prerendered at build time. The unprefixed routes (/packages ...)
 * keep working unprefixed and show the stored language (docs/decisions.md "Prerendered public pages").
 */
const PREFIX = new RegExp(`^/(${LANGUAGES.join("|")})(?=/|$)`);

/** The language a path is prefixed with, if any. */
export function languageOfPath(pathname: string): Language | null {
  return (PREFIX.exec(pathname)?.[1] as Language | undefined) ?? null;
}

/** The same page in another language: swaps the prefix of a prefixed path, leaves others unchanged. */
export function withLanguage(pathname: string, language: Language): string {
  return languageOfPath(pathname) ? pathname.replace(PREFIX, `/${language}`) : pathname;
}

/**
 * The first of the browser's languages (navigator.languages, "de-AT" counts as "de") that the app
 * speaks, else the first of the app's: what an unprefixed page (/register) shows a visitor who has not
 * chosen a language, as the server does for the root address with Accept-Language.
 */
export function preferredLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split("-")[0] as Language;
    if (LANGUAGES.includes(base)) return base;
  }
  return LANGUAGES[0];
}

/**
 * The stored language (user_language), else the browser's (navigator.languages), else the first
 * language of the list. On a
 * language-prefixed address (/de/faq) the prefix is the language: public/lang-redirect.js has already
 * sent a returning visitor whose stored language differs to their own language's address, and a first
 * visitor keeps the language of the page they arrived on.
 */
export function initialLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  const prefixed = typeof location === "undefined" ? null : languageOfPath(location.pathname);
  if (prefixed) {
    if (!isLanguage(stored)) storage.set(STORAGE_KEYS.language, prefixed);
    return prefixed;
  }
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  return preferredLanguage(browser);
}
