import { DEFAULT_LANGUAGE, LANGUAGES, type Language, STORAGE_KEYS } from "@festgeld/domain/constants";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { initialLanguage } from "./language-path.ts";
import { PAGE_NAMESPACES } from "./page-namespaces.ts";
import { storage } from "./storage.ts";

export const NAMESPACES = [
  "common",
  "errors",
  "marketing",
  "legal",
  "blog",
  "account",
  "invest",
  "kyc",
  "admin",
  "security",
  "deposits",
  "messages",
  "identity",
  "ledger",
  "tools",
  "payments",
  "banks",
] as const;

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

/**
 * The catalogues of the signed-in page the app starts on (none on other addresses): loaded with the app's
 * own, side by side, so that page's first render does not wait for them (lib/page-namespaces.ts).
 */
function startPageNamespaces(): readonly string[] {
  if (typeof location === "undefined") return [];
  const page = location.pathname.replace(/\/+$/, "");
  return (PAGE_NAMESPACES as Record<string, readonly string[] | undefined>)[page] ?? [];
}

export const i18n = i18next.createInstance();

i18n.use(initReactI18next).use(
  resourcesToBackend(async (language: string, namespace: string) => {
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    return load ? (await load()).default : {};
  }),
);

export const i18nReady = i18n.init({
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...new Set(["common", "errors", ...startPageNamespaces()])],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
  returnNull: false,
});

if (typeof document !== "undefined") {
  i18n.on("languageChanged", (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = i18n.language || initialLanguage();
}

/** Switches the language in place and remembers it. */
export async function changeLanguage(language: Language) {
  storage.set(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}
