import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { confirmNewsletter, unsubscribeNewsletter } from "./api/newsletter-api.ts";

/** The token of an e-mailed link, from the fragment (`#token=`), which no server or log sees. */
function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/**
 * The page of a newsletter link (`#token=...`): confirms the subscription or unsubscribes as soon
 * as it is opened. The token works once; the fragment never reaches a server log.
 */
function NewsletterLinkPage({ kind }: { kind: "confirm" | "unsubscribe" }) {
  const { t } = useTranslation(["blog", "errors"]);
  const location = useLocation();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [state, setState] = useState<"working" | "done" | { error: string }>("working");
  const sent = useRef(false);
  useDocumentTitle(t(`newsletter.${kind}.title`), t(`newsletter.${kind}.title`));

  useEffect(() => {
    // Once only: React may run an effect twice in development, and the link works once.
    if (!token || sent.current) return;
    sent.current = true;
    const call = kind === "confirm" ? confirmNewsletter : unsubscribeNewsletter;
    call(token)
      .then(() => setState("done"))
      .catch((err: unknown) => setState({ error: errorMessage(err, t("errors:internal_error")) }));
  }, [token, kind, t]);

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="card">
        <h1 className="mb-6 text-2xl font-bold text-slate-900 dark:text-white">
          {t(`newsletter.${kind}.title`)}
        </h1>
        {!token ? (
          <FormAlert kind="error">{t("newsletter.linkMissing")}</FormAlert>
        ) : state === "working" ? (
          <Spinner label={t(`newsletter.${kind}.working`)} />
        ) : state === "done" ? (
          <>
            <FormAlert kind="success" testId={`newsletter-${kind}-done`}>
              {t(`newsletter.${kind}.done`)}
            </FormAlert>
            <Link to="/blog" className="btn-primary mt-5 w-full">
              {t("newsletter.toBlog")}
            </Link>
          </>
        ) : (
          <FormAlert kind="error" testId={`newsletter-${kind}-error`}>
            {state.error}
          </FormAlert>
        )}
      </div>
    </section>
  );
}

export function NewsletterConfirmPage() {
  return <NewsletterLinkPage kind="confirm" />;
}

export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}
