import { LANGUAGES, type Language, STORAGE_KEYS } from "@festgeld/domain/constants";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { earlyCatalogue } from "./early-catalogues.ts";
import { initialLanguage } from "./language-path.ts";
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

export const i18n = i18next.createInstance();

i18n.use(initReactI18next).use(
  resourcesToBackend(async (language: string, namespace: string) => {
    // A direct visit to a signed-in page brought its catalogues in one file (lib/early-catalogues.ts).
    const early = await earlyCatalogue(language, namespace);
    if (early) return early;
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    return load ? (await load()).default : {};
  }),
);

export const i18nReady = i18n.init({
  lng: initialLanguage(),
  // No fallback language: every catalogue is complete in every language (locales/catalogues.test.ts), so
  // a German or French page would load each of its English catalogues too for nothing, a request and
  // a parse each on its way to the first render (docs/decisions.md "Catalogues without a fallback").
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: ["common", "errors"],
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
