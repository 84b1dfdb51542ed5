import type { AuthResponse } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuthCard } from "./components/auth-card.tsx";
import { RegisterForm } from "./components/register-form.tsx";

/** /register (SPEC.md section 2): the account is created and signed in, then the dashboard opens. */
export default function RegisterPage() {
  const { t } = useTranslation("account");
  const { signIn } = useSession();
  const navigate = useNavigate();
  useDocumentTitle(t("register.title"), t("register.description"));

  const onRegistered = (auth: AuthResponse) => {
    signIn(auth);
    navigate("/dashboard", { replace: true });
  };

  return (
    <AuthCard
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      footer={
        <>
          {t("register.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t("register.loginLink")}
          </Link>
        </>
      }
    >
      <RegisterForm onRegistered={onRegistered} />
    </AuthCard>
  );
}
