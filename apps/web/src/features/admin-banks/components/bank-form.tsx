import type { AdminBank, FieldError as ApiFieldError, BankCreateRequest } from "@festgeld/domain";
import {
  isPositive,
  moneyFromDecimalText,
  moneyFromJsonCents,
  moneyToDecimalText,
  moneyToJsonCents,
} from "@festgeld/domain/money";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileField } from "../../../components/ui/file-field.tsx";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";

/** The form's fields, all text as typed; `toRequest` turns them into the API's body. */
const FIELDS = [
  ["name", "name"],
  ["slug", "slug"],
  ["country", "country"],
  ["city", "city"],
  ["bic", "bic"],
  ["lei", "lei"],
  ["supervisor", "supervisor"],
  ["register_entry", "register"],
  ["description.en", "descriptionEn"],
  ["description.de", "descriptionDe"],
  ["description.fr", "descriptionFr"],
  ["scheme.name", "schemeName"],
  ["scheme.website", "schemeWebsite"],
  ["scheme.contact", "schemeContact"],
  ["scheme.coverage", "coverage"],
  ["info_sheet.en", "sheetEn"],
  ["info_sheet.de", "sheetDe"],
  ["info_sheet.fr", "sheetFr"],
  ["country_rating.rating", "rating"],
  ["country_rating.source", "ratingSource"],
  ["country_rating.date", "ratingDate"],
  ["account.holder", "accountHolder"],
  ["account.iban", "accountIban"],
  ["account.bic", "accountBic"],
] as const;
type FieldName = (typeof FIELDS)[number][0];
type Values = Record<FieldName, string>;

/** A new bank's coverage per saver until staff type another: the statutory 100,000 EUR. */
const DEFAULT_COVERAGE_CENTS = 10_000_000;

/** The coverage as staff type it, in euros without trailing zeros: 10,000,000 cents is "100000". */
function coverageText(coverageCents: number): string {
  const coverage = moneyFromJsonCents(coverageCents, "EUR");
  // The exact decimal text of euro cents ("100000.00"), its zero decimals dropped as staff would type it.
  return coverage === null ? "" : moneyToDecimalText(coverage).replace(/\.?0+$/, "");
}

function startValues(bank: AdminBank | null): Values {
  return {
    name: bank?.name ?? "",
    slug: bank?.slug ?? "",
    country: bank?.country ?? "",
    city: bank?.city ?? "",
    bic: bank?.bic ?? "",
    lei: bank?.lei ?? "",
    supervisor: bank?.supervisor ?? "",
    register_entry: bank?.register_entry ?? "",
    "description.en": bank?.description.en ?? "",
    "description.de": bank?.description.de ?? "",
    "description.fr": bank?.description.fr ?? "",
    "scheme.name": bank?.scheme.name ?? "",
    "scheme.website": bank?.scheme.website ?? "",
    "scheme.contact": bank?.scheme.contact ?? "",
    "scheme.coverage": coverageText(bank?.scheme.coverage_cents ?? DEFAULT_COVERAGE_CENTS),
    "info_sheet.en": bank?.info_sheet.en ?? "",
    "info_sheet.de": bank?.info_sheet.de ?? "",
    "info_sheet.fr": bank?.info_sheet.fr ?? "",
    "country_rating.rating": bank?.country_rating?.rating ?? "",
    "country_rating.source": bank?.country_rating?.source ?? "",
    "country_rating.date": bank?.country_rating?.date ?? "",
    "account.holder": bank?.account?.holder ?? "",
    "account.iban": bank?.account?.iban ?? "",
    "account.bic": bank?.account?.bic ?? "",
  };
}

/** The request body; the server checks every rule (IBAN, BIC, slug...) and names the field it refuses. */
function toRequest(v: Values): BankCreateRequest {
  const coverage = moneyFromDecimalText(v["scheme.coverage"].replace(/[\s.,](?=\d{3}\b)/g, ""), "EUR");
  const rating = v["country_rating.rating"].trim();
  return {
    name: v.name,
    slug: v.slug,
    country: v.country,
    city: v.city.trim() || null,
    bic: v.bic,
    lei: v.lei.trim() || null,
    supervisor: v.supervisor,
    register_entry: v.register_entry,
    description: { en: v["description.en"], de: v["description.de"], fr: v["description.fr"] },
    scheme: {
      name: v["scheme.name"],
      website: v["scheme.website"].trim() || null,
      contact: v["scheme.contact"].trim() || null,
      ...(coverage === null || !isPositive(coverage) ? {} : { coverage_cents: moneyToJsonCents(coverage) }),
    },
    info_sheet: { en: v["info_sheet.en"], de: v["info_sheet.de"], fr: v["info_sheet.fr"] },
    country_rating: rating
      ? { rating, source: v["country_rating.source"], date: v["country_rating.date"] }
      : null,
    account: { holder: v["account.holder"], iban: v["account.iban"], bic: v["account.bic"] },
  };
}

/** Create or edit a partner bank. */
export function BankForm({
  initial,
  onSubmit,
  onCancel,
  submitting,
  serverError,
  serverFields,
  onLogo,
}: {
  initial: AdminBank | null;
  onSubmit: (body: BankCreateRequest) => void;
  onCancel: () => void;
  submitting: boolean;
  serverError: string | null;
  serverFields: ApiFieldError[];
  /** Uploads a logo for the bank being edited (a new bank gets its logo once saved). */
  onLogo?: ((file: File) => void) | undefined;
}) {
  const { t } = useTranslation("banks");
  const base = useId();
  const [values, setValues] = useState<Values>(() => startValues(initial));
  const errorOf = (name: FieldName) =>
    serverFields.some(
      (f) => f.path.replace(/^body\./, "") === name || f.path.replace(/^body\./, "").startsWith(`${name}.`),
    )
      ? t("admin.fieldInvalid")
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(toRequest(values));
  };
  return (
    <form className="card space-y-4" onSubmit={submit} noValidate data-testid="bank-form">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {initial ? `${t("admin.edit")}: ${initial.name}` : t("admin.add")}
      </h2>
      <FormErrorAlert message={serverError} />
      <div className="grid gap-4 md:grid-cols-3">
        {FIELDS.map(([name, labelKey]) => (
          <TextField
            key={name}
            id={`${base}-${name.replace(".", "-")}`}
            name={name}
            label={t(`admin.fields.${labelKey}`)}
            value={values[name]}
            type={name === "country_rating.date" ? "date" : "text"}
            error={errorOf(name)}
            onChange={(e) => setValues((current) => ({ ...current, [name]: e.target.value }))}
          />
        ))}
      </div>
      {onLogo && (
        <FileField
          id={`${base}-logo`}
          label={t("admin.logo")}
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onLogo(file);
            e.target.value = "";
          }}
        />
      )}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={submitting}>
          {t("admin.save")}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t("admin.cancel")}
        </button>
      </div>
    </form>
  );
}
