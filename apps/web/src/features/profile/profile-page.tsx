import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SaverPage } from "../../components/layout/saver-page.tsx";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
import { useSession } from "../../lib/session.tsx";
import { DataRights } from "./components/data-rights.tsx";
import { MessageLanguageForm } from "./components/message-language-form.tsx";
import { PasswordForm } from "./components/password-form.tsx";
import { ProfileForm } from "./components/profile-form.tsx";

const QUICK_ACTIONS = [
  { to: "/dashboard", key: "dashboard" },
  { to: "/apply", key: "apply" },
  { to: "/calculator", key: "calculator" },
] as const;

function Profile() {
  const { t } = useTranslation(PAGE_NAMESPACES["/profile"]);
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <div className="card">
          <ProfileForm user={user} />
        </div>
        <div className="card">
          <PasswordForm />
        </div>
        <div className="card">
          <MessageLanguageForm />
        </div>
        <DataRights />
      </div>
      <nav aria-labelledby="quick-actions-heading" className="card h-fit">
        <h2 id="quick-actions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("profile.quickActions.heading")}
        </h2>
        <ul className="mt-4 space-y-3">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <Link
                to={action.to}
                className="block rounded-lg border border-slate-200 px-4 py-3 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:border-slate-700 dark:hover:border-brand-400 dark:hover:bg-slate-800"
              >
                <span className="block font-semibold text-brand-700 dark:text-brand-300">
                  {t(`profile.quickActions.${action.key}.label`)}
                </span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  {t(`profile.quickActions.${action.key}.text`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** /profile: signed-out visitors go to /login. */
export default function ProfilePage() {
  const { t } = useTranslation("account");
  return (
    <SaverPage title={t("profile.title")} intro={t("profile.subtitle")} width="max-w-5xl">
      <Profile />
    </SaverPage>
  );
}
