import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SaverPage } from "../../components/layout/saver-page.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Section } from "../../components/ui/section.tsx";
import { useBrandValues } from "../../lib/brand-text.ts";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
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
    <div className="mt-8 space-y-6">
      <QueryState query={overview} loading={t("page.loading")} failed={t("errors:internal_error")}>
        {(security) => (
          <>
            {security.two_factor_required && security.two_factor_enabled && from && (
              <Link to={from} className="btn-primary" data-testid="continue-back-office">
                {t("twoFactor.continue")}
              </Link>
            )}
            <TwoFactorCard overview={security} required={security.two_factor_required} />
            <PasskeysCard />
            <EmailStatus
              email={security.email}
              verified={security.email_verified}
              staff={security.two_factor_required}
            />
            <SessionsCard />
            <SecurityEventsCard />
          </>
        )}
      </QueryState>
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
  );
}

/** /security: the account's e-mail confirmation, two-factor sign-in, passkeys, sessions and recent security events. */
export default function SecurityPage() {
  const { t } = useTranslation("security");
  return (
    <SaverPage title={t("page.title")} intro={t("page.subtitle")} width="max-w-4xl">
      <Security />
    </SaverPage>
  );
}
