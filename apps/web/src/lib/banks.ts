import type { PublicBank } from "@festgeld/domain";
import type { Language } from "@festgeld/domain/constants";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import demoBanks from "../content/banks/demo-banks.json";
import { api } from "./api-client.ts";
import { operations } from "./operations.ts";

/**
 * The partner banks (docs/decisions.md "Bank pages: prerendered from the seed, live after load").
 * The build renders the bank pages from the seeded banks (content/banks/demo-banks.json, which a
 * server test keeps equal to what migration 0180 seeds); in the browser the list is fetched again at
 * once, so a bank staff added or changed since the build appears without a new build.
 */
const BUILD_TIME = demoBanks as Record<Language, PublicBank[]>;

/** The banks as the build knows them, in one language. */
export function buildTimeBanks(language: string): PublicBank[] {
  return BUILD_TIME[language as Language] ?? BUILD_TIME.en;
}

export const banksQueryKey = (language: string) => ["banks", language] as const;

/** Every partner bank in the current language: the build's copy first, then the live list. */
export function useBanks() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: banksQueryKey(language),
    queryFn: ({ signal }) =>
      api.call(operations.banksList, { query: { lang: language as Language }, signal }),
    initialData: () => buildTimeBanks(language),
    // The build's copy counts as old: the live list replaces it right after the page has loaded.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/** The country's name in the given language (Intl), falling back to the code. */
export { countryName } from "./brand-text.ts";
