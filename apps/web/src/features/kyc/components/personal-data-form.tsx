import { countryNames } from "virtual:country-names";
import type { KycProfile } from "@festgeld/domain";
import { DEFAULT_LANGUAGE } from "@festgeld/domain/constants";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { FormField, fieldsOf, SelectField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { lazySchema, useApiForm } from "../../../lib/forms.ts";
import { i18n } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { useKycProfile, useSaveProfile } from "../api/profile-api.ts";
import type { Values } from "../api/profile-schema.ts";

const EMPTY: Values = {
  date_of_birth: "",
  place_of_birth: "",
  nationality: "",
  address: { street: "", postcode: "", city: "", country: "" },
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
    address: { ...p.address },
    tax_residency: p.tax_residency,
    tax_id: p.tax_id,
    is_pep: p.is_pep,
    pep_details: p.pep_details ?? "",
  };
}

/** Built, with the contract's schemas, when the form is first checked (lib/forms.ts, lazySchema). */
const profileSchema = lazySchema(async () =>
  (await import("../api/profile-schema.ts")).profileSchema(() => i18n.t("identity:profile.underage")),
);

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
  const { t, i18n: i18next } = useTranslation(["identity", "errors"]);
  const save = useSaveProfile();
  const { form, formError, submit, pending } = useApiForm({
    schema: profileSchema,
    defaultValues: profile ? fromProfile(profile) : EMPTY,
    fallback: t("identity:profile.failed"),
    required: t("identity:profile.required"),
    invalid: t("identity:profile.invalid"),
  });
  const isPep = form.watch("is_pep");
  const id = useId();
  const field = fieldsOf(form, id);
  const language = i18next.language;

  // Named and sorted at build time (vite.config.ts, countryNames).
  const countries = countryNames[language] ?? countryNames[DEFAULT_LANGUAGE] ?? [];

  const save$ = submit(async (request) => {
    try {
      await save.mutateAsync(request);
    } catch (error) {
      toast(errorMessage(error, t("identity:profile.failed")), "error");
      throw error;
    }
    toast(t("identity:profile.saved"), "success");
  });

  const country = (name: "nationality" | "address.country" | "tax_residency", label: string) => (
    <SelectField {...field(name)} label={label}>
      <option value="">{t("identity:profile.chooseCountry")}</option>
      {countries.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );

  return (
    <form onSubmit={save$} noValidate className="card space-y-4" data-testid="personal-data-form">
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
        <FormField
          {...field("date_of_birth")}
          label={t("identity:profile.dateOfBirth")}
          type="date"
          autoComplete="bday"
        />
        <FormField {...field("place_of_birth")} label={t("identity:profile.placeOfBirth")} />
        {country("nationality", t("identity:profile.nationality"))}
        {country("address.country", t("identity:profile.country"))}
        <FormField
          {...field("address.street", "street")}
          label={t("identity:profile.street")}
          autoComplete="street-address"
        />
        <FormField
          {...field("address.postcode", "postcode")}
          label={t("identity:profile.postcode")}
          autoComplete="postal-code"
        />
        <FormField
          {...field("address.city", "city")}
          label={t("identity:profile.city")}
          autoComplete="address-level2"
        />
        {country("tax_residency", t("identity:profile.taxResidency"))}
        <FormField
          {...field("tax_id")}
          label={t("identity:profile.taxId")}
          hint={t("identity:profile.taxIdHint")}
        />
      </div>
      <label className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
        <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" {...form.register("is_pep")} />
        {t("identity:profile.pep")}
      </label>
      {isPep && <FormField {...field("pep_details")} label={t("identity:profile.pepDetails")} />}
      <FormErrorAlert message={formError} />
      <SubmitButton
        pending={pending}
        label={t("identity:profile.save")}
        pendingLabel={t("identity:profile.saving")}
      />
    </form>
  );
}
