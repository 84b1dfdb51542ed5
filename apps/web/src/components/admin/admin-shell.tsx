import { brand } from "@brand";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { useAfterFirstContentfulPaint } from "../../lib/use-after-first-contentful-paint.ts";
import { AccountMenu } from "../layout/account-menu.tsx";
import { bellSpace } from "../layout/bell-space.tsx";
import { BrandMark } from "../layout/brand-mark.tsx";
import { LanguageSwitcher } from "../layout/language-switcher.tsx";
import { NotificationBell } from "../layout/notification-bell.tsx";
import { ThemeMenu } from "../layout/theme-menu.tsx";
import { useDisclosure } from "../layout/use-disclosure.ts";
import { CloseIcon, MenuIcon } from "../ui/icons.tsx";
import { ADMIN_GROUPS, adminAreaPath, useAdminArea } from "./admin-areas.ts";
import { useFocusTrap } from "./use-focus-trap.ts";

const FOCUS = "focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300";

/** The areas, grouped; the open area is marked as the current page. */
function AreaLinks({ onChoose }: { onChoose?: () => void }) {
  const { t } = useTranslation(["admin", "identity", "deposits", "ledger", "payments", "banks"]);
  const { pathname } = useLocation();
  const current = useAdminArea();
  return (
    <ul className="space-y-4">
      {ADMIN_GROUPS.map((group) => (
        <li key={group.id}>
          {group.labelKey && (
            <p
              id={`admin-group-${group.id}`}
              className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
            >
              {t(group.labelKey)}
            </p>
          )}
          <ul aria-labelledby={group.labelKey ? `admin-group-${group.id}` : undefined}>
            {group.areas.map((area) => {
              const active = pathname === "/admin" && current.id === area.id;
              return (
                <li key={area.id}>
                  <Link
                    to={adminAreaPath(area.id)}
                    aria-current={active ? "page" : undefined}
                    onClick={onChoose}
                    data-area={area.id}
                    className={`block rounded-md px-3 py-1.5 text-sm font-medium ${FOCUS} ${
                      active
                        ? "bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200"
                        : "text-slate-700 hover:bg-slate-100 hover:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-brand-300"
                    }`}
                  >
                    {t(area.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * The operators' own frame around /admin and the staff pages under it (docs/decisions.md "Back-office
 * shell"): a compact header (brand and "Back office", back to the website, theme, language, inbox,
 * account menu) and the areas as a sidebar from 1024 px (AdminSidebar), or behind an "Areas" menu button
 * below. The menu keeps focus inside while open and closes on Escape, returning focus to its button.
 * The root layout places both around the main region, which loads beside them, not after them.
 */
export function AdminHeader() {
  const { t } = useTranslation(["admin", "common"]);
  const { user, signOut } = useSession();
  // The bell and its count once the overview's first paint is reported: they do not compete with it
  // (docs/decisions.md "The bell waits for the reported paint").
  const bellWanted = useAfterFirstContentfulPaint(Boolean(user));
  const navigate = useNavigate();
  const menu = useDisclosure();
  useFocusTrap(menu.rootRef, menu.open);
  const staff = user?.role === "admin";

  const logout = async () => {
    await signOut();
    navigate("/");
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="flex h-14 items-center gap-2 px-3 lg:px-4">
        <Link
          to="/admin"
          className={`flex shrink-0 items-center gap-2 rounded-md font-bold text-brand-800 dark:text-white ${FOCUS}`}
          aria-label={t("shell.homeAria", { name: brand.shortName })}
        >
          <BrandMark className="size-7" />
          <span className="hidden whitespace-nowrap sm:inline">
            {brand.shortName} <span className="font-medium text-slate-600 dark:text-slate-300">·</span>{" "}
            {t("title")}
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <Link
            to="/"
            className={`hidden whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 lg:block dark:text-slate-200 dark:hover:text-brand-300 ${FOCUS}`}
            data-testid="admin-back-to-site"
          >
            {t("shell.backToSite")}
          </Link>
          <ThemeMenu />
          <LanguageSwitcher />
          {user && (bellWanted ? <NotificationBell /> : bellSpace)}
          {user && (
            <div className="hidden lg:block">
              <AccountMenu user={user} onLogout={logout} />
            </div>
          )}
          <div ref={menu.rootRef} className="lg:hidden">
            <button
              {...menu.buttonProps}
              className={`flex items-center gap-1 rounded-md p-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800 ${FOCUS}`}
              data-testid="admin-menu-button"
            >
              {menu.open ? <CloseIcon /> : <MenuIcon />}
              <span className="sr-only sm:not-sr-only">{t("shell.menu")}</span>
            </button>
            {menu.open && (
              <div
                id={menu.panelId}
                className="absolute inset-x-0 top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto border-b border-slate-200 bg-white p-3 shadow-lg dark:border-slate-800 dark:bg-slate-950"
                data-testid="admin-menu"
              >
                {staff && (
                  <nav aria-label={t("shell.areas")}>
                    <AreaLinks onChoose={() => menu.setOpen(false)} />
                  </nav>
                )}
                <ul className="mt-4 space-y-1 border-t border-slate-200 pt-3 dark:border-slate-800">
                  <li>
                    <Link
                      to="/"
                      className={`block rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 dark:text-slate-200 ${FOCUS}`}
                    >
                      {t("shell.backToSite")}
                    </Link>
                  </li>
                  {user && (
                    <li>
                      <button
                        type="button"
                        className={`block w-full rounded-md px-3 py-1.5 text-left text-sm font-medium text-slate-700 dark:text-slate-200 ${FOCUS}`}
                        onClick={logout}
                      >
                        {t("common:nav.logout")}
                      </button>
                    </li>
                  )}
                </ul>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

/** The areas as a sidebar, from 1024 px; below, they are in the header's menu. */
export function AdminSidebar() {
  const { t } = useTranslation("admin");
  const { user } = useSession();
  if (user?.role !== "admin") return null;
  return (
    <nav
      aria-label={t("shell.areas")}
      className="hidden w-56 shrink-0 border-r border-slate-200 bg-slate-50 px-2 py-4 lg:block dark:border-slate-800 dark:bg-slate-900"
      data-testid="admin-sidebar"
    >
      <div className="sticky top-18">
        <AreaLinks />
      </div>
    </nav>
  );
}
