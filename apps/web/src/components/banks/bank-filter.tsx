import type { Package } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { countryName } from "../../lib/banks.ts";
import { LabelledSelect } from "../ui/labelled-select.tsx";

/** The bank and country a package list is filtered by, kept in the address (?bank=&country=). */
export function usePackageFilter() {
  const [params, setParams] = useSearchParams();
  const bank = params.get("bank") ?? "";
  const country = params.get("country") ?? "";
  const set = (key: "bank" | "country", value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const apply = (packages: readonly Package[]) =>
    packages.filter((p) => (!bank || p.bank.slug === bank) && (!country || p.bank.country === country));
  return {
    bank,
    country,
    setBank: (v: string) => set("bank", v),
    setCountry: (v: string) => set("country", v),
    apply,
  };
}

/** Two selects, bank and country, over the banks that have packages in the list. */
export function BankFilter({
  packages,
  filter,
}: {
  packages: readonly Package[];
  filter: ReturnType<typeof usePackageFilter>;
}) {
  const { t, i18n } = useTranslation("banks");
  const banks = [...new Map(packages.map((p) => [p.bank.slug, p.bank])).values()].sort((a, b) =>
    a.name.localeCompare(b.name, i18n.language),
  );
  const countries = [...new Set(banks.map((b) => b.country))].sort();
  return (
    <fieldset className="mx-auto mt-8 flex max-w-3xl flex-col gap-3 sm:flex-row" data-testid="bank-filter">
      <legend className="sr-only">{t("filter.label")}</legend>
      <LabelledSelect
        className="flex-1"
        label={t("filter.bank")}
        value={filter.bank}
        options={[
          { value: "", label: t("filter.allBanks") },
          ...banks.map((bank) => ({ value: bank.slug, label: bank.name })),
        ]}
        onChange={filter.setBank}
      />
      <LabelledSelect
        className="flex-1"
        label={t("filter.country")}
        value={filter.country}
        options={[
          { value: "", label: t("filter.allCountries") },
          ...countries.map((country) => ({ value: country, label: countryName(country, i18n.language) })),
        ]}
        onChange={filter.setCountry}
      />
    </fieldset>
  );
}
