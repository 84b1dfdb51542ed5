import { brand } from "@brand";
import { useTranslation } from "react-i18next";
import { localized, useBrandValues } from "../../lib/brand-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LegalBlock, LegalLayout } from "./components/legal-layout.tsx";
import { RegulatorList } from "./components/regulator-list.tsx";

interface DisclaimerSection {
  title: string;
  text: string;
}

/** Imprint (section 5 DDG): company, representatives, contact, register, regulator. */
export default function ImpressumPage() {
  const { t, i18n } = useTranslation("legal");
  const values = useBrandValues();
  useDocumentTitle(t("impressum.title"), t("impressum.description", values));
  const disclaimer = t("impressum.disclaimer.sections", {
    ...values,
    returnObjects: true,
  }) as DisclaimerSection[];
  const responsible = brand.representatives[0]?.name ?? brand.name;
  const link = "text-brand-700 underline dark:text-brand-200";

  return (
    <LegalLayout title={t("impressum.title")} intro={t("impressum.intro")}>
      <LegalBlock id="impressum-provider" title={t("impressum.provider.title")}>
        <p>{t("impressum.provider.text", values)}</p>
        <address className="not-italic" data-testid="impressum-address">
          <span className="block font-semibold">{brand.name}</span>
          <span className="block">{brand.registeredOffice.street}</span>
          <span className="block">
            {brand.registeredOffice.postalCode} {brand.registeredOffice.city}
          </span>
        </address>
      </LegalBlock>

      <LegalBlock id="impressum-representatives" title={t("impressum.representatives")}>
        <ul>
          {brand.representatives.map((person) => (
            <li key={person.name}>
              {person.name}, {localized(person.role, i18n.language)}
            </li>
          ))}
        </ul>
      </LegalBlock>

      <LegalBlock id="impressum-contact" title={t("impressum.contact")}>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{t("common.phone")}</dt>
          <dd>
            <a className={link} href={`tel:${brand.phone.replace(/[^\d+]/g, "")}`}>
              {brand.phone}
            </a>
          </dd>
          <dt className="font-medium">{t("common.email")}</dt>
          <dd>
            <a className={link} href={`mailto:${brand.emails.info}`}>
              {brand.emails.info}
            </a>
          </dd>
          <dt className="font-medium">{t("common.website")}</dt>
          <dd>{brand.website}</dd>
        </dl>
      </LegalBlock>

      <LegalBlock id="impressum-register" title={t("impressum.register.title")}>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]" data-testid="impressum-register">
          <dt className="font-medium">{t("impressum.register.court")}</dt>
          <dd>{brand.tradeRegister.court}</dd>
          <dt className="font-medium">{t("impressum.register.number")}</dt>
          <dd>{brand.tradeRegister.number}</dd>
        </dl>
      </LegalBlock>

      <LegalBlock id="impressum-vat" title={t("impressum.vat.title")}>
        <p>{t("impressum.vat.text", values)}</p>
      </LegalBlock>

      <LegalBlock id="impressum-branch" title={t("impressum.branch.title")}>
        <p>{t("impressum.branch.text", values)}</p>
      </LegalBlock>

      <LegalBlock id="impressum-regulators" title={t("impressum.regulators.title")}>
        <p>{t("impressum.regulators.text", values)}</p>
        <RegulatorList />
      </LegalBlock>

      <LegalBlock id="impressum-responsible" title={t("impressum.responsible.title")}>
        <p>{t("impressum.responsible.text", { ...values, responsible })}</p>
      </LegalBlock>

      <LegalBlock id="impressum-dispute" title={t("impressum.dispute.title")}>
        <p>{t("impressum.dispute.text", values)}</p>
      </LegalBlock>

      <LegalBlock id="impressum-disclaimer" title={t("impressum.disclaimer.title")}>
        {disclaimer.map((section) => (
          <div key={section.title}>
            <h3 className="font-semibold text-slate-900 dark:text-white">{section.title}</h3>
            <p className="mt-1">{section.text}</p>
          </div>
        ))}
      </LegalBlock>
    </LegalLayout>
  );
}
