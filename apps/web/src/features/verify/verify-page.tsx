import type { VerifyTransfer } from "@festgeld/domain";
import { formatIban } from "@festgeld/domain/iban";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Section } from "../../components/ui/section.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { useBrandValues } from "../../lib/brand-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { verifyTransfer } from "./api/verify-api.ts";

/** The verdict's colours: green for a partner bank's account, red for any other. */
const VERDICT_TONES = {
  partner: {
    box: "border-emerald-300 bg-emerald-50 dark:border-emerald-700 dark:bg-emerald-950",
    text: "text-emerald-900 dark:text-emerald-100",
  },
  notPartner: {
    box: "border-red-300 bg-red-50 dark:border-red-700 dark:bg-red-950",
    text: "text-red-900 dark:text-red-100",
  },
} as const;

/** The answer of the check: a heading and a sentence in the verdict's colours, then any details. */
function Verdict({
  tone,
  title,
  text,
  testId,
  children,
}: {
  tone: keyof typeof VERDICT_TONES;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  const colours = VERDICT_TONES[tone];
  return (
    <section className={`mt-6 rounded-lg border p-5 ${colours.box}`} data-testid={testId}>
      <h2 className={`text-xl font-bold ${colours.text}`}>{title}</h2>
      <p className={`mt-2 ${colours.text}`}>{text}</p>
      {children}
    </section>
  );
}

/**
 * /verify: anyone checks whether an IBAN is one of the platform's partner bank accounts and under which
 * exact holder name (what the payee check of their bank should show), and reads how fake brokers hand
 * out "the bank details" of a deposit and how to recognise the platform's real domain and accounts.
 */
export default function VerifyPage() {
  const { t } = useTranslation("tools");
  const values = useBrandValues();
  useDocumentTitle(t("verify.title"), t("verify.description"));
  const base = useId();
  const [iban, setIban] = useState("");
  const [answer, setAnswer] = useState<VerifyTransfer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setAnswer(null);
    setPending(true);
    try {
      setAnswer(await verifyTransfer(iban));
    } catch (error) {
      setProblem(errorMessage(error, t("verify.failed")));
    } finally {
      setPending(false);
    }
  };
  const fraud = t("verify.fraud", { ...values, returnObjects: true }) as string[];

  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {t("verify.title")}
      </h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("verify.intro")}</p>

      <form className="card mt-8" noValidate onSubmit={submit} aria-describedby={`${base}-note`}>
        <label htmlFor={`${base}-iban`} className="label">
          {t("verify.ibanLabel")}
        </label>
        <p id={`${base}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
          {t("verify.ibanHint")}
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          <input
            id={`${base}-iban`}
            name="iban"
            className="input min-w-0 flex-1 font-mono tracking-wide"
            value={iban}
            onChange={(event) => setIban(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={42}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${base}-hint${problem ? ` ${base}-problem` : ""}`}
          />
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? t("verify.checking") : t("verify.submit")}
          </button>
        </div>
        {problem && (
          <p
            id={`${base}-problem`}
            role="alert"
            className="mt-2 text-sm font-medium text-red-800 dark:text-red-300"
          >
            {problem}
          </p>
        )}
        <p id={`${base}-note`} className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {t("verify.publicNote")}
        </p>
      </form>

      <div aria-live="polite">
        {answer?.partner_account && (
          <Verdict
            tone="partner"
            title={t("verify.partnerTitle")}
            text={t("verify.partnerText")}
            testId="verify-partner"
          >
            <dl className="mt-3 grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
              <dt className="font-semibold">{t("verify.holder")}</dt>
              <dd data-testid="verify-holder" className="text-lg font-bold">
                {answer.holder}
              </dd>
              <dt className="font-semibold">IBAN</dt>
              <dd className="font-mono">{formatIban(answer.iban)}</dd>
              {answer.bic && (
                <>
                  <dt className="font-semibold">{t("verify.bic")}</dt>
                  <dd className="font-mono">{answer.bic}</dd>
                </>
              )}
              {answer.bank_name && (
                <>
                  <dt className="font-semibold">{t("verify.bank")}</dt>
                  <dd>{answer.bank_name}</dd>
                </>
              )}
            </dl>
          </Verdict>
        )}
        {answer && !answer.partner_account && (
          <Verdict
            tone="notPartner"
            title={t("verify.notPartnerTitle")}
            text={t("verify.notPartnerText", values)}
            testId="verify-not-partner"
          />
        )}
      </div>

      <Section id={`${base}-fraud`} title={t("verify.fraudTitle")} heading="section" className="mt-12">
        <ul className="mt-4 list-disc space-y-3 ps-5 text-slate-700 dark:text-slate-300">
          {fraud.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
