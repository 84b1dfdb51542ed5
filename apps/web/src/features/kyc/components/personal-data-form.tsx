import {
  ageOn,
  COUNTRY_CODES,
  type KycProfile,
  type KycProfileRequest,
  kycProfileRequestSchema,
  MINIMUM_AGE,
} from "@festgeld/domain";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { describedBy, FieldError } from "../../../components/ui/field-error.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useKycProfile, useSaveProfile } from "../api/profile-api.ts";

type Field =
  | "date_of_birth"
  | "place_of_birth"
  | "nationality"
  | "street"
  | "postcode"
  | "city"
  | "country"
  | "tax_residency"
  | "tax_id"
  | "pep_details";

type Values = Record<Exclude<Field, "pep_details">, string> & { is_pep: boolean; pep_details: string };

const EMPTY: Values = {
  date_of_birth: "",
  place_of_birth: "",
  nationality: "",
  street: "",
  postcode: "",
  city: "",
  country: "",
  tax_residency: "",
  tax_id: "",
  is_pep: false,
  pep_details: "",
};

function fromProfile(p: KycProfile): Values {
  return {
    date_of_birth: p.date_of_birth,
    place_of_birth: p.place_of_birth,
    nationality: p.nationality,
    street: p.address.street,
    postcode: p.address.postcode,
    city: p.address.city,
    country: p.address.country,
    tax_residency: p.tax_residency,
    tax_id: p.tax_id,
    is_pep: p.is_pep,
    pep_details: p.pep_details ?? "",
  };
}

function toRequest(v: Values): KycProfileRequest {
  return {
    date_of_birth: v.date_of_birth,
    place_of_birth: v.place_of_birth,
    nationality: v.nationality,
    address: { street: v.street, postcode: v.postcode, city: v.city, country: v.country },
    tax_residency: v.tax_residency,
    tax_id: v.tax_id,
    is_pep: v.is_pep,
    pep_details: v.is_pep ? v.pep_details : null,
  };
}

/** The path of a request field ("address.city") as the form's field name. */
const fieldOf = (path: string): Field | null => {
  const last = path.split(".").pop() ?? "";
  return (Object.keys(EMPTY) as string[]).includes(last) ? (last as Field) : null;
};

/**
 * Personal data: the shared zod schema checks it in the browser, with the
 * same rules the server applies (tax ID per country, 18 or older); the server's field errors are shown
 * beside their fields too.
 */
export function PersonalDataForm() {
  const profile = useKycProfile();
  if (profile.isPending) return null;
  return <Form key={profile.data?.profile?.updated_at ?? "new"} profile={profile.data?.profile ?? null} />;
}

function Form({ profile }: { profile: KycProfile | null }) {
  const { t, i18n } = useTranslation(["identity", "errors"]);
  const save = useSaveProfile();
  const [values, setValues] = useState<Values>(profile ? fromProfile(profile) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: "region" });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, i18n.language),
    );
  }, [i18n.language]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const messageFor = (code: string | undefined) =>
    code && i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t("identity:profile.invalid");

  const validate = (): boolean => {
    const next: Partial<Record<Field, string>> = {};
    const parsed = kycProfileRequestSchema.safeParse(toRequest(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join("."));
        if (!field || next[field]) continue;
        const code = (issue as { params?: { code?: string } }).params?.code;
        const empty = field !== "pep_details" && !String(values[field as keyof Values]).trim();
        next[field] = empty ? t("identity:profile.required") : messageFor(code);
      }
    }
    if (!next.date_of_birth && values.date_of_birth) {
      if (ageOn(values.date_of_birth, new Date().toISOString().slice(0, 10)) < MINIMUM_AGE) {
        next.date_of_birth = t("identity:profile.underage");
      }
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!validate()) return;
    try {
      await save.mutateAsync(toRequest(values));
      toast(t("identity:profile.saved"), "success");
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0) {
        const next: Partial<Record<Field, string>> = {};
        for (const f of error.fields) {
          const field = fieldOf(f.path);
          if (field) next[field] = messageFor(f.code);
        }
        setErrors(next);
      }
      const message = errorMessage(error, t("identity:profile.failed"));
      setFormError(message);
      toast(message, "error");
    }
  };

  const text = (field: Exclude<Field, "nationality" | "country" | "tax_residency">, type = "text") => {
    const errorId = `${id}-${field}-error`;
    const label = {
      date_of_birth: t("identity:profile.dateOfBirth"),
      place_of_birth: t("identity:profile.placeOfBirth"),
      street: t("identity:profile.street"),
      postcode: t("identity:profile.postcode"),
      city: t("identity:profile.city"),
      tax_id: t("identity:profile.taxId"),
      pep_details: t("identity:profile.pepDetails"),
    }[field];
    const hint = field === "tax_id" ? `${id}-tax-hint` : null;
    return (
      <div>
        <label htmlFor={`${id}-${field}`} className="label">
          {label}
        </label>
        <input
          id={`${id}-${field}`}
          type={type}
          className="input"
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(hint, errors[field] && errorId)}
          autoComplete={
            {
              date_of_birth: "bday",
              street: "street-address",
              postcode: "postal-code",
              city: "address-level2",
            }[field as string]
          }
        />
        {hint && (
          <p id={hint} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("identity:profile.taxIdHint")}
          </p>
        )}
        <FieldError id={errorId} message={errors[field]} />
      </div>
    );
  };

  const country = (field: "nationality" | "country" | "tax_residency") => {
    const errorId = `${id}-${field}-error`;
    const label = {
      nationality: t("identity:profile.nationality"),
      country: t("identity:profile.country"),
      tax_residency: t("identity:profile.taxResidency"),
    }[field];
    return (
      <div>
        <label htmlFor={`${id}-${field}`} className="label">
          {label}
        </label>
        <select
          id={`${id}-${field}`}
          className="input"
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy(errors[field] && errorId)}
        >
          <option value="">{t("identity:profile.chooseCountry")}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id={errorId} message={errors[field]} />
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="card space-y-4" data-testid="personal-data-form">
      <p className="text-slate-600 dark:text-slate-300">{t("identity:profile.intro")}</p>
      {profile && (
        <p
          data-testid="personal-data-status"
          data-status={profile.review_status}
          className="text-sm font-medium"
        >
          {t(`identity:profile.reviewStatus.${profile.review_status}`, {
            reason: profile.review_reason ?? "",
          })}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {text("date_of_birth", "date")}
        {text("place_of_birth")}
        {country("nationality")}
        {country("country")}
        {text("street")}
        {text("postcode")}
        {text("city")}
        {country("tax_residency")}
        {text("tax_id")}
      </div>
      <label className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 accent-brand-700"
          checked={values.is_pep}
          onChange={(e) => set("is_pep", e.target.checked)}
        />
        {t("identity:profile.pep")}
      </label>
      {values.is_pep && text("pep_details")}
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? t("identity:profile.saving") : t("identity:profile.save")}
      </button>
    </form>
  );
}
