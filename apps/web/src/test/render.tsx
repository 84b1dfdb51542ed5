import type { Language } from "@festgeld/domain/constants";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { changeLanguage, i18n } from "../lib/i18n.ts";

/** For unit tests: renders `ui` with the app's i18n instance, as the app's providers would. */
export function renderTranslated(ui: ReactElement) {
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

/** For unit tests: renders `ui` in `language`, once `namespace` is loaded. */
export async function renderIn(language: Language, namespace: string, ui: ReactElement) {
  await changeLanguage(language);
  await i18n.loadNamespaces(namespace);
  return renderTranslated(ui);
}
