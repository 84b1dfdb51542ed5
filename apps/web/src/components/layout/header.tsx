import { brand } from "@brand";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { useAfterFirstContentfulPaint } from "../../lib/use-after-first-contentful-paint.ts";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "../ui/icons.tsx";
import { AccountMenu, accountLinks, UserInitial } from "./account-menu.tsx";
import { bellSpace } from "./bell-space.tsx";
import { BrandHomeLink } from "./brand-home-link.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { HEADER_LINKS } from "./nav-links.ts";
import { ThemeMenu } from "./theme-menu.tsx";
import { useDisclosure, useEscapeClose } from "./use-disclosure.ts";

// Only a signed-in reader has a bell: its code (the inbox panel, polling, announcements) loads with the
// first signed-in page rather than with every public page's first load (docs/decisions.md "The bell
// loads when someone is signed in"). The placeholder holds the bell's place, so nothing shifts.
const NotificationBell = lazy(() =>
  import("./notification-bell.tsx").then((module) => ({ default: module.NotificationBell })),
);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 ${
    isActive
      ? "text-brand-700 dark:text-brand-300"
      : "text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-brand-300"
  }`;

/** "Sign in" and "Open an account" for a signed-out visitor; `size` fits them to the bar or the menu. */
function AuthLinks({ size }: { size: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/login" className={`btn-secondary ${size}`}>
        {t("nav.login")}
      </Link>
      <Link to="/register" className={`btn-primary ${size}`}>
        {t("nav.register")}
      </Link>
    </>
  );
}

/** The sticky shared header. */
export function Header() {
  const { t, i18n } = useTranslation(["common", "messages"]);
  const { user, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The bell (its code and its count) once the page's first paint is reported on screen: it does not
  // compete with that paint (docs/decisions.md "The bell waits for the reported paint").
  const bellWanted = useAfterFirstContentfulPaint(Boolean(user));

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // A language chosen from the menu is applied: the menu closes as after a navigation.
  useEffect(() => {
    const close = () => setMenuOpen(false);
    i18n.on("languageChanged", close);
    return () => i18n.off("languageChanged", close);
  }, [i18n]);

  // Escape closes the mobile menu and gives focus back to its button.
  useEscapeClose(menuOpen, setMenuOpen, menuButtonRef);

  // The account's own pages (verification, back office) are in the account menu, not in this row.
  const links = HEADER_LINKS;

  const logout = async () => {
    await signOut();
    navigate("/");
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-4 px-4">
        <BrandHomeLink
          className="flex items-center gap-2 font-bold text-brand-800 dark:text-white"
          label={t("nav.homeAria", { name: brand.shortName })}
        />
        <nav aria-label={t("nav.main")} className="hidden min-w-0 flex-1 xl:block">
          <ul className="flex flex-wrap items-center gap-1">
            {links.map((link) => (
              // The home page is the logo's link; below 1536 px the links marked `more` are in "More".
              <li
                key={link.to}
                className={
                  link.to === "/" ? "hidden" : "more" in link && link.more ? "hidden 2xl:block" : undefined
                }
              >
                <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
            <li className="2xl:hidden">
              <MoreLinks links={links.filter((link) => "more" in link && link.more)} />
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <ThemeMenu />
          <LanguageSwitcher />
          {user &&
            (bellWanted ? (
              <Suspense fallback={bellSpace}>
                <NotificationBell />
              </Suspense>
            ) : (
              bellSpace
            ))}
          {user ? (
            <div className="hidden md:block">
              <AccountMenu user={user} onLogout={logout} />
            </div>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <AuthLinks size="whitespace-nowrap text-sm" />
            </div>
          )}
          <button
            ref={menuButtonRef}
            type="button"
            className="rounded-md p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 xl:hidden dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={() => setMenuOpen((v) => !v)}
            data-testid="mobile-menu-button"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label={t("nav.mobile")}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-t border-slate-200 px-4 pb-4 xl:hidden dark:border-slate-800"
        >
          <ul className="flex flex-col py-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
            {user &&
              accountLinks(user).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={linkClass}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
          </ul>
          <div className="flex items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
            {user ? (
              <>
                <UserInitial user={user} />
                <span className="flex-1 truncate text-sm font-medium">{user.full_name}</span>
                <button type="button" onClick={logout} className="btn-secondary text-sm">
                  {t("nav.logout")}
                </button>
              </>
            ) : (
              <AuthLinks size="flex-1 text-center text-sm" />
            )}
          </div>
        </nav>
      )}
    </header>
  );
}

/** "More": the header links that do not fit the row between 1280 and 1536 px, as a disclosure. */
function MoreLinks({ links }: { links: ReadonlyArray<{ to: string; key: string }> }) {
  const { t } = useTranslation();
  const { rootRef, buttonProps, panelProps } = useDisclosure();
  return (
    <div ref={rootRef} className="relative">
      <button
        {...buttonProps}
        className="flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-200 dark:hover:text-brand-300 dark:focus-visible:outline-brand-300"
        data-testid="nav-more"
      >
        {t("nav.more")}
        <ChevronDownIcon className="h-4 w-4" />
      </button>
      <ul
        {...panelProps}
        className="absolute left-0 z-40 mt-1 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={(state) => `block ${linkClass(state)}`}>
              {t(link.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
