import { brand } from "@brand";
import { KYC_DOCUMENT_TYPES, type KycDocumentType } from "@festgeld/domain/constants";
import { useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { BrandHomeLink } from "../../components/layout/brand-home-link.tsx";
import { LanguageSwitcher } from "../../components/layout/language-switcher.tsx";
import { ThemeMenu } from "../../components/layout/theme-menu.tsx";
import { RequireUser } from "../../components/ui/require-user.tsx";
import { Section } from "../../components/ui/section.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Toaster } from "../../components/ui/toaster.tsx";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
import { useSession } from "../../lib/session.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useApprovalChecklist, useKycStatus } from "./api/kyc-api.ts";
import { useKycProfile } from "./api/profile-api.ts";
import { useKycUpload } from "./api/use-kyc-upload.ts";
import { DocumentCard } from "./components/document-card.tsx";
import { PersonalDataForm } from "./components/personal-data-form.tsx";
import { RequiredDocuments } from "./components/required-documents.tsx";
import { StatusBanner } from "./components/status-banner.tsx";

const BAR_LINK =
  "block whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:focus-visible:outline-brand-300";

type KycStatusData = NonNullable<ReturnType<typeof useKycStatus>["data"]>;

/**
 * Whether a document type is not needed: the identity is verified (overall, or with the other
 * identity document: an ID card, front and back, or a passport), so the alternative is not asked for.
 */
function notNeeded(type: KycDocumentType, data: KycStatusData): boolean {
  const idCard = data.id_card_status === "approved" && data.id_card_back_status === "approved";
  const passport = data.passport_status === "approved";
  if (type === "passport") return idCard || (data.overall_status === "approved" && !passport);
  if (type === "id_card" || type === "id_card_back")
    return passport || (data.overall_status === "approved" && !idCard);
  return false;
}

/**
 * /kyc: shown without the shared header and footer, so it carries its own small sticky
 * bar (home link, back to the dashboard, help, language, theme) and the toasts under it. Overall status, what is required, one card per document type,
 * then packages, refresh and logout.
 */
function KycContent() {
  const { t } = useTranslation(PAGE_NAMESPACES["/kyc"]);
  const { signOut } = useSession();
  const navigate = useNavigate();
  const status = useKycStatus();
  const checklist = useApprovalChecklist(status.dataUpdatedAt);
  // The banner (from the checklist) and the personal data form (from the profile) change the page's
  // height when they arrive: the page appears once all three are there, so nothing below them shifts.
  const profile = useKycProfile();
  // The page's content renders as a deferred update once they are in, which React splits into short
  // tasks: rendered at once, it was one task of about 300 ms on a slow phone, which a tap had to wait for.
  // The checklist is asked for once the status is in: a status that failed shows its alert, not a wait.
  const loading = useDeferredValue(
    status.isPending || (status.isSuccess && checklist.isPending) || profile.isPending,
    true,
  );
  const { upload, uploading } = useKycUpload();
  useDocumentTitle(t("title"), t("description"));

  const logout = async () => {
    await signOut();
    navigate("/login");
  };

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <BrandHomeLink
            className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md font-bold text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 dark:text-white"
            label={t("actions.home", { name: brand.shortName })}
          />
          {/* The way back to the account, and help, are one click away: the page has no shared header. */}
          <nav aria-label={t("common:nav.main")} className="min-w-0">
            <ul className="flex items-center gap-1">
              <li>
                <Link to="/dashboard" className={BAR_LINK} data-testid="kyc-dashboard">
                  <span aria-hidden="true">← </span>
                  {t("common:nav.dashboard")}
                </Link>
              </li>
              <li>
                <Link to="/faq" className={BAR_LINK} data-testid="kyc-help">
                  {t("actions.help")}
                </Link>
              </li>
            </ul>
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <LanguageSwitcher />
            <ThemeMenu />
          </div>
        </div>
      </header>
      <Toaster stickBelow="top-16" />

      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-screen max-w-6xl space-y-8 px-4 py-10 outline-none"
      >
        <header>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t("title")}</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("subtitle")}</p>
        </header>

        {loading ? (
          // A screen high, so the actions below start under the fold and do not move when the page arrives.
          <div className="min-h-screen">
            <Spinner label={t("loading")} />
          </div>
        ) : status.isError || !status.data ? (
          <div role="alert" className="card text-slate-800 dark:text-slate-200">
            <p>{t("loadFailed")}</p>
          </div>
        ) : (
          <>
            <StatusBanner status={status.data.overall_status} checklist={checklist.data} />
            <RequiredDocuments />
            <Section
              id="kyc-personal-heading"
              title={t("identity:profile.title")}
              headingClassName="mb-4 text-xl font-semibold text-slate-900 dark:text-white"
            >
              <PersonalDataForm />
            </Section>
            <Section
              id="kyc-documents-heading"
              title={t("documentsTitle")}
              headingClassName="mb-4 text-xl font-semibold text-slate-900 dark:text-white"
            >
              <div className="grid gap-6 md:grid-cols-2">
                {KYC_DOCUMENT_TYPES.map((type) => (
                  <DocumentCard
                    key={type}
                    type={type}
                    status={status.data[`${type}_status`]}
                    document={status.data[`${type}_document`]}
                    uploadingProgress={uploading?.type === type ? uploading.progress : null}
                    busy={uploading !== null}
                    notNeeded={notNeeded(type, status.data)}
                    // The card shows a refusal beside its picker: no toast says it a second time.
                    onUpload={(documentType, file) => upload(documentType, file, { notifyErrors: false })}
                  />
                ))}
              </div>
            </Section>
          </>
        )}

        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
          <Link to="/packages" className="btn-primary">
            {t("actions.packages")}
          </Link>
          <button
            type="button"
            className="btn-secondary"
            aria-disabled={status.isFetching || undefined}
            onClick={() => {
              if (!status.isFetching) void status.refetch();
            }}
          >
            {status.isFetching && !status.isPending ? t("actions.refreshing") : t("actions.refresh")}
          </button>
          <button type="button" className="btn-secondary" onClick={() => void logout()}>
            {t("actions.logout")}
          </button>
        </div>
      </main>
    </div>
  );
}

export default function KycPage() {
  return (
    <RequireUser>
      <KycContent />
    </RequireUser>
  );
}
