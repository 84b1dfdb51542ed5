import { LANGUAGE_OPTIONS, type Language } from "@festgeld/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client.ts";
import { changeLanguage } from "../../lib/i18n.ts";
import { operations } from "../../lib/operations.ts";
import { useSession } from "../../lib/session.tsx";
import { Flag } from "../ui/flag.tsx";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { useDisclosure } from "./use-disclosure.ts";

/** The profile's cache of the account's message language (features/profile, message-language-form.tsx). */
const MESSAGE_PREFERENCES_KEY = ["me", "message-preferences"];

/**
 * Language dropdown with flags (SVG, see flag.tsx); closes on an outside click and on Escape (focus
 * returns to the button). A disclosure: the button's name starts with its visible text (WCAG 2.5.3).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { setOpen, rootRef, buttonRef, buttonProps, panelProps } = useDisclosure();
  const current = LANGUAGE_OPTIONS.find((o) => o.code === i18n.language) ?? LANGUAGE_OPTIONS[0];

  // The chosen item is hidden with the list: focus goes back to the button, never to <body>.
  const choose = (code: Language) => {
    setOpen(false);
    buttonRef.current?.focus();
    void changeLanguage(code);
    // Signed in, the language chosen here is the account's too: e-mails and documents follow it
    // (docs/decisions.md "The inbox reads in the page's language").
    if (user && code !== i18n.language) {
      api
        .call(operations.messagePreferencesUpdate, { body: { language: code } })
        .then((saved) => queryClient.setQueryData(MESSAGE_PREFERENCES_KEY, saved))
        .catch(() => {
          // Not saved (offline, signed out meanwhile): the profile's language form still sets it.
        });
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        className="flex items-center gap-1 rounded-md px-2 py-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 dark:focus-visible:outline-brand-300"
        data-testid="language-button"
      >
        {current && <Flag language={current.code} />}
        <span className="uppercase">{current?.code}</span>
        <span className="sr-only">
          {" "}
          ({current?.name}), {t("language.change")}
        </span>
        <ChevronDownIcon className="h-4 w-4" />
      </button>
      <ul
        {...panelProps}
        aria-label={t("language.menu")}
        className="absolute right-0 z-40 mt-1 w-40 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        data-testid="language-menu"
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <li key={option.code}>
            <button
              type="button"
              lang={option.code}
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800 dark:focus-visible:outline-brand-300"
              aria-current={option.code === current?.code ? "true" : undefined}
              onClick={() => choose(option.code)}
            >
              <Flag language={option.code} />
              {option.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
