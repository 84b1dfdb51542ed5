import type { Language } from "@festgeld/domain/constants";
import { isLanguage } from "@festgeld/domain/constants";
import { useTranslation } from "react-i18next";

/** The interface language as one of ours (English while i18next reports anything else). */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : "en";
}
