import type { Language } from "@festgeld/domain/constants";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "./api-client.ts";
import { operations } from "./operations.ts";

/**
 * The active packages in the current language (features are translated by the server). Shared by the
 * packages, compare, calculator and apply pages, which read the same cached list.
 */
/** The query key of the active packages in one language (also seeded from a page's initial data). */
export const packagesQueryKey = (language: string) => ["packages", language] as const;

export function usePackages() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: packagesQueryKey(language),
    queryFn: ({ signal }) =>
      api.call(operations.packagesList, { query: { lang: language as Language }, signal }),
    staleTime: 60_000,
  });
}
