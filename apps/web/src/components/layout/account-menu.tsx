import type { User } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDisclosure } from "./use-disclosure.ts";

/** The signed-in user's pages, in the order of the account menu (admins see the back office first). */
export function accountLinks(user: User) {
  return [
    ...(user.role === "admin" ? [{ to: "/admin", label: "nav.backOffice" } as const] : []),
    { to: "/dashboard", label: "nav.dashboard" } as const,
    { to: "/kyc", label: "nav.kyc" } as const,
    { to: "/profile", label: "nav.profile" } as const,
    { to: "/security", label: "nav.security" } as const,
    { to: "/inbox", label: "messages:inbox.nav" } as const,
    { to: "/documents", label: "messages:documents.nav" } as const,
    { to: "/rate-alerts", label: "nav.rateAlerts" } as const,
  ];
}

/** The user's initial in a round badge, beside their name (the account menu's button, the mobile menu). */
export function UserInitial({ user }: { user: User }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
    >
      {user.full_name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * The desktop account menu (a disclosure): a button with the user's initial and name opens a list of
 * the account's pages and "Log out". Escape or a click elsewhere closes it; focus returns to the
 * button on Escape.
 */
export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation(["common", "messages"]);
  const { open, rootRef, panelId, buttonProps } = useDisclosure();

  const itemClass =
    "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:text-slate-200 dark:hover:bg-slate-800";

  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        className="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:hover:bg-slate-800"
        data-testid="header-user"
      >
        <UserInitial user={user} />
        <span className="max-w-40 truncate text-sm font-medium">{user.full_name}</span>
      </button>
      {open && (
        <nav
          id={panelId}
          aria-label={t("nav.account")}
          className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          data-testid="account-menu"
        >
          <ul>
            {accountLinks(user).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={itemClass}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
            <li className="mt-1 border-t border-slate-200 pt-1 dark:border-slate-700">
              <button type="button" className={itemClass} onClick={onLogout} data-testid="logout-button">
                {t("nav.logout")}
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
