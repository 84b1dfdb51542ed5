import type { EmailVerifyRequest } from "@festgeld/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { api, errorMessage } from "../../lib/api-client.ts";
import { operations } from "../../lib/operations.ts";
import { useSession } from "../../lib/session.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SecurityCard, useLinkToken } from "./components/security-card.tsx";

/**
 * /verify-email#token=... (and /de/verify-email#token=..., prerendered, which the e-mail links to):
 * confirms the address as soon as the e-mailed link is opened.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation(["security", "errors"]);
  const { user } = useSession();
  // Undefined on the prerendered page until it is hydrated: shown as the address being confirmed.
  const token = useLinkToken();
  const [state, setState] = useState<"working" | "done" | { error: string }>("working");
  const sent = useRef(false);
  useDocumentTitle(t("verify.title"), t("verify.description"));

  useEffect(() => {
    // Once only: the token works once, and React may run an effect twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    const body: EmailVerifyRequest = { token };
    api
      .call(operations.authEmailVerify, { body })
      .then(() => setState("done"))
      .catch((err: unknown) => setState({ error: errorMessage(err, t("errors:internal_error")) }));
  }, [token, t]);

  const next = user ? "/security" : "/login";
  return (
    <SecurityCard title={t("verify.title")}>
      {token === null ? (
        <FormAlert kind="error">{t("verify.missing")}</FormAlert>
      ) : state === "working" ? (
        <Spinner label={t("verify.working")} />
      ) : state === "done" ? (
        <>
          <FormAlert kind="success" testId="verify-done">
            {t("verify.done")}
          </FormAlert>
          <Link to={next} className="btn-primary mt-5 w-full">
            {t("verify.continue")}
          </Link>
        </>
      ) : (
        <FormAlert kind="error" testId="verify-error">
          {state.error}
        </FormAlert>
      )}
    </SecurityCard>
  );
}
