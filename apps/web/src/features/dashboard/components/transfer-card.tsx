import type { Deposit } from "@festgeld/domain";
import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";
import { formatIban } from "@festgeld/domain/iban";
import { formatPlainCentsFast } from "@festgeld/domain/locale-format";
import { readScaledDecimal } from "@festgeld/domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cached, formatMoney, localeFor } from "../../../lib/format.ts";
import { formatDate } from "../../../lib/format-date.ts";
import { useTransferQr } from "../api/application-actions.ts";

type Transfer = NonNullable<Deposit["transfer"]>;

/** The amount as a banking app's amount field takes it: no currency, no grouping, the locale's decimal mark. */
function plainAmount(amount: number, language: string) {
  // -0 is Intl's "-0.00": left to it.
  const cents = Object.is(amount, -0) ? null : readScaledDecimal(amount, 2);
  const fast = cents === null ? null : formatPlainCentsFast(cents, localeFor(language));
  if (fast !== null) return fast;
  return cached(
    `plain-amount:${language}`,
    () =>
      new Intl.NumberFormat(localeFor(language), {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        useGrouping: false,
      }),
  ).format(amount);
}

/**
 * Where and how to send the money while a deposit awaits funds: every field with its own copy button
 * (the IBAN shown in groups of four, copied without spaces), the deadline and, for a transfer in euro,
 * the EPC QR code (GiroCode) that banking apps scan. A transfer in another currency has no QR code (the
 * server sends no payload): the details stand alone, with a line saying why.
 */
export function TransferCard({ depositId, transfer }: { depositId: string; transfer: Transfer }) {
  const { t, i18n } = useTranslation(["deposits", "tools"]);
  const language = i18n.language;
  const [copied, setCopied] = useState<{ field: string; ok: boolean } | null>(null);
  const hasQr = transfer.epc_qr_payload !== null;
  const qr = useTransferQr(depositId, hasQr);
  const headingId = `transfer-${depositId}`;

  const fields: Array<{ key: string; label: string; shown: string; copy: string; mono?: boolean }> = [
    {
      key: "holder",
      label: t("transfer.holder"),
      shown: transfer.account_holder,
      copy: transfer.account_holder,
    },
    {
      key: "iban",
      label: t("transfer.iban"),
      shown: formatIban(transfer.iban),
      copy: transfer.iban,
      mono: true,
    },
    { key: "bic", label: t("transfer.bic"), shown: transfer.bic, copy: transfer.bic, mono: true },
    {
      key: "amount",
      label: t("transfer.amount"),
      shown: formatMoney(transfer.amount, transfer.currency, language),
      copy: plainAmount(transfer.amount, language),
    },
    {
      key: "reference",
      label: t("transfer.reference"),
      shown: transfer.reference_formatted,
      copy: transfer.reference,
      mono: true,
    },
  ];

  async function copy(field: string, value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied({ field, ok: true });
    } catch {
      setCopied({ field, ok: false });
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-800 dark:bg-slate-900"
      data-testid="transfer-card"
    >
      <h4 id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
        {t("transfer.title")}
      </h4>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="transfer-deadline">
        {t("transfer.deadline", {
          amount: formatMoney(transfer.amount, transfer.currency, language),
          date: formatDate(transfer.deadline, language, "long", BUSINESS_TIME_ZONE),
        })}
      </p>
      <div className="mt-4 flex flex-col gap-6 md:flex-row md:items-start">
        <dl className="min-w-0 flex-1 space-y-3">
          {fields.map((field) => (
            <div key={field.key}>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{field.label}</dt>
              {/* The copy button keeps its place beside the value; a long value wraps in its own column. */}
              <dd className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
                <span
                  className={`min-w-0 break-words font-semibold text-slate-900 dark:text-white ${field.mono ? "font-mono" : ""}`}
                  data-testid={`transfer-${field.key}`}
                >
                  {field.shown}
                </span>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1 text-sm"
                  data-testid={`copy-${field.key}`}
                  onClick={() => void copy(field.key, field.copy)}
                  aria-label={t("transfer.copyField", { field: field.label })}
                >
                  {t("transfer.copy")}
                </button>
              </dd>
            </div>
          ))}
          {transfer.bank_name && (
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t("transfer.bank")}</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{transfer.bank_name}</dd>
            </div>
          )}
        </dl>
        {hasQr && (
          <figure className="shrink-0 text-center">
            {qr.data ? (
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.svg)}`}
                alt={t("transfer.qrAlt")}
                width={176}
                height={176}
                className="mx-auto rounded-lg bg-white p-1"
                data-testid="transfer-qr"
              />
            ) : qr.isError ? (
              <p className="w-44 text-sm text-slate-700 dark:text-slate-300">{t("transfer.qrFailed")}</p>
            ) : (
              <div className="h-44 w-44 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-700" />
            )}
            <figcaption className="mt-2 max-w-44 text-xs text-slate-600 dark:text-slate-300">
              {t("transfer.qrCaption")}
            </figcaption>
          </figure>
        )}
      </div>
      {!hasQr && (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="transfer-qr-euro-only">
          {t("transfer.qrEuroOnly")}
        </p>
      )}
      <p aria-live="polite" className="mt-3 min-h-5 text-sm text-slate-800 dark:text-slate-200">
        {copied
          ? copied.ok
            ? t("transfer.copied", { field: fields.find((f) => f.key === copied.field)?.label ?? "" })
            : t("transfer.copyFailed")
          : ""}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("transfer.note")}</p>
      <p className="mt-2 text-sm">
        <Link
          to="/verify"
          className="font-medium text-brand-700 underline dark:text-brand-300"
          data-testid="transfer-verify-link"
        >
          {t("tools:verify.linkFromTransfer")}
        </Link>
      </p>
    </section>
  );
}
