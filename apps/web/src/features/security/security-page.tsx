import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { RequireUser } from "../../components/ui/require-user.tsx";
import { Section } from "../../components/ui/section.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { useBrandValues } from "../../lib/brand-text.ts";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useSecurityOverview } from "./api/security-api.ts";
import { EmailStatus } from "./components/email-status.tsx";
import { PasskeysCard } from "./components/passkeys-card.tsx";
import { SecurityEventsCard, SessionsCard } from "./components/sessions-card.tsx";
import { TwoFactorCard } from "./components/two-factor-card.tsx";

function Security() {
  const { t } = useTranslation(PAGE_NAMESPACES["/security"]);
  const brandValues = useBrandValues();
  const overview = useSecurityOverview();
  const location = useLocation();
  // An admin sent here to enrol before the back office (RequireUser) goes back there afterwards.
  const asked = (location.state as { from?: unknown } | null)?.from;
  const from = typeof asked === "string" && asked.startsWith("/") && !asked.startsWith("//") ? asked : null;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t("page.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("page.subtitle")}</p>
      <div className="mt-8 space-y-6">
        {overview.isPending ? (
          <Spinner label={t("page.loading")} />
        ) : overview.isError ? (
          <FormAlert kind="error">{errorMessage(overview.error, t("errors:internal_error"))}</FormAlert>
        ) : (
          <>
            {overview.data.two_factor_required && overview.data.two_factor_enabled && from && (
              <Link to={from} className="btn-primary" data-testid="continue-back-office">
                {t("twoFactor.continue")}
              </Link>
            )}
            <TwoFactorCard overview={overview.data} required={overview.data.two_factor_required} />
            <PasskeysCard />
            <EmailStatus
              email={overview.data.email}
              verified={overview.data.email_verified}
              staff={overview.data.two_factor_required}
            />
            <SessionsCard />
            <SecurityEventsCard />
          </>
        )}
        <Section
          id="fake-broker-title"
          title={t("tools:verify.fraudTitle")}
          className="card"
          data-testid="fake-broker"
        >
          <ul className="mt-3 list-disc space-y-2 ps-5 text-sm text-slate-700 dark:text-slate-300">
            {(t("tools:verify.fraud", { ...brandValues, returnObjects: true }) as string[]).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Link to="/verify" className="btn-secondary mt-4">
            {t("tools:verify.title")}
          </Link>
        </Section>
      </div>
    </section>
  );
}

/** /security: the account's e-mail confirmation, two-factor sign-in, passkeys, sessions and recent security events. */
export default function SecurityPage() {
  const { t } = useTranslation("security");
  useDocumentTitle(t("page.title"), t("page.subtitle"));
  return (
    <RequireUser>
      <Security />
    </RequireUser>
  );
}
