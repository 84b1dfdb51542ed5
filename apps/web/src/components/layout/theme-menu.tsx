import { useTranslation } from "react-i18next";
import { useThemeChoice } from "../../lib/theme.ts";
import { THEME_CHOICES, type ThemeChoice } from "../../lib/theme-choice.ts";
import { MonitorIcon, MoonIcon, SunIcon } from "../ui/icons.tsx";
import { useDisclosure } from "./use-disclosure.ts";

const ICONS: Record<ThemeChoice, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

/**
 * Light, dark or the system's theme (the default, followed live): a disclosure like the language
 * menu (docs/decisions.md "Light, dark or the system's theme"). The button shows the choice's icon.
 */
export function ThemeMenu() {
  const { t } = useTranslation();
  const [choice, setChoice] = useThemeChoice();
  const { setOpen, rootRef, buttonRef, buttonProps, panelProps } = useDisclosure();
  const Icon = ICONS[choice];

  const choose = (next: ThemeChoice) => {
    setOpen(false);
    buttonRef.current?.focus();
    setChoice(next);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        className="rounded-md p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800 dark:focus-visible:outline-brand-300"
        aria-label={t("theme.choose", { theme: t(`theme.${choice}`) })}
        title={t(`theme.${choice}`)}
        data-testid="theme-toggle"
      >
        <Icon />
      </button>
      <ul
        {...panelProps}
        aria-label={t("theme.menu")}
        className="absolute right-0 z-40 mt-1 w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        data-testid="theme-menu"
      >
        {THEME_CHOICES.map((option) => {
          const OptionIcon = ICONS[option];
          return (
            <li key={option}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 aria-[current=true]:font-semibold dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800 dark:focus-visible:outline-brand-300"
                aria-current={option === choice ? "true" : undefined}
                onClick={() => choose(option)}
                data-testid={`theme-${option}`}
              >
                <OptionIcon className="h-4 w-4" />
                {t(`theme.${option}`)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
