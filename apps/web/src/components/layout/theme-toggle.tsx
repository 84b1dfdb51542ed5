import { useTranslation } from "react-i18next";
import { useDarkMode } from "../../lib/theme.ts";
import { MoonIcon, SunIcon } from "../ui/icons.tsx";

export function ThemeToggle() {
  const [dark, toggle] = useDarkMode();
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={dark}
      // One name, its state in aria-pressed: a label that also flips would say the state twice.
      aria-label={t("theme.toggle")}
      title={dark ? t("theme.light") : t("theme.dark")}
      className="rounded-md p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:hover:bg-slate-800"
      data-testid="theme-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
