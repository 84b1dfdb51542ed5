import type { AuthResponse } from "@festgeld/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Spinner } from "../components/ui/spinner.tsx";
import { AuthCard } from "../features/auth/components/auth-card.tsx";
import { RegisterForm } from "../features/auth/components/register-form.tsx";
import { RegistrationDocuments } from "../features/kyc/components/registration-documents.tsx";
import { useSession } from "../lib/session.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";

const linkClass = "font-semibold text-brand-700 underline dark:text-brand-300";

/**
 * /register in two steps: step 1 creates the account and signs in; step 2
 * uploads the identity document, the proof of address and the selfie, then opens the dashboard. A
 * signed-in user who comes back here (a reload during step 2) continues with step 2.
 */
export default function RegisterPage() {
  const { t } = useTranslation(["account", "kyc"]);
  const { user, loading, signIn } = useSession();
  const navigate = useNavigate();
  const [registered, setRegistered] = useState(false);
  const step = registered || user ? 2 : 1;
  useDocumentTitle(
    step === 1 ? t("account:register.title") : t("kyc:registration.title"),
    t("account:register.description"),
  );

  if (loading) return <Spinner label={t("common:loading")} />;

  const onRegistered = (auth: AuthResponse) => {
    signIn(auth);
    setRegistered(true);
  };

  if (step === 1) {
    return (
      <AuthCard
        title={t("account:register.title")}
        subtitle={t("account:register.subtitle")}
        footer={
          <>
            {t("account:register.haveAccount")}{" "}
            <Link to="/login" className={linkClass}>
              {t("account:register.loginLink")}
            </Link>
          </>
        }
      >
        <RegisterForm onRegistered={onRegistered} submitLabel={t("kyc:registration.continue")} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t("kyc:registration.title")}
      subtitle={t("kyc:registration.subtitle")}
      focusTitle={registered}
      footer={
        <>
          {t("kyc:registration.later")}{" "}
          <Link to="/dashboard" className={linkClass} data-testid="registration-later">
            {t("kyc:registration.laterLink")}
          </Link>
        </>
      }
    >
      <RegistrationDocuments onComplete={() => navigate("/dashboard", { replace: true })} />
    </AuthCard>
  );
}
