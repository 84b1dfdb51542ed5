import { brand } from "@brand";
import { type ContactMessageRequest, contactMessageRequestSchema } from "@festgeld/domain";
import { CONTACT_LIMITS, TIMINGS_MS } from "@festgeld/domain/constants";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PublicPage } from "../../components/layout/public-page.tsx";
import { FormField, fieldsOf, TextAreaField } from "../../components/ui/form-field.tsx";
import { ChatIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../components/ui/icons.tsx";
import { Section } from "../../components/ui/section.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { formatAddress, useBrandValues } from "../../lib/brand-text.ts";
import { useApiForm } from "../../lib/forms.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { sendContactMessage } from "./api/contact-api.ts";

const EMPTY: ContactMessageRequest = { name: "", email: "", subject: "", message: "" };

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** One kind of contact detail: its icon and name, then the details themselves (each a `dd`). */
function ContactDetail({
  icon: Icon,
  title,
  children,
}: {
  icon: (props: { className?: string }) => ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Icon className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-200" />
        {title}
      </dt>
      {children}
    </div>
  );
}

/** An office's telephone number, dialled by a tap. */
function PhoneLine({ office, phone }: { office: string; phone: string }) {
  return (
    <dd className="pl-7">
      {office}:{" "}
      <a className="text-brand-700 underline dark:text-brand-200" href={telHref(phone)}>
        {phone}
      </a>
    </dd>
  );
}

/** Contact: details from the brand and the form, stored via POST /api/contact. */
export default function ContactPage() {
  const { t, i18n } = useTranslation("marketing");
  const common = useTranslation().t;
  const values = useBrandValues();
  useDocumentTitle(t("contact.title"), t("contact.description", values));

  const { form, formError, submit, pending } = useApiForm({
    schema: contactMessageRequestSchema,
    defaultValues: EMPTY,
    fallback: t("contact.form.error"),
  });
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const field = fieldsOf(form, id);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // The submit button is disabled while the message shows: move focus to the message so that
  // keyboard and screen-reader users are not left on a disabled control.
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  const send = submit(async (message) => {
    await sendContactMessage(message);
    setSent(true);
    // the success message shows, then the form returns empty after 3 s.
    timer.current = setTimeout(() => {
      form.reset(EMPTY);
      setSent(false);
    }, TIMINGS_MS.contactReset);
  });

  const whatsapp = `https://wa.me/${brand.whatsappNumber}?text=${encodeURIComponent(common("widget.greeting"))}`;
  const emails = [
    { key: "info", address: brand.emails.info },
    { key: "support", address: brand.emails.support },
    { key: "compliance", address: brand.emails.compliance },
  ] as const;
  const fieldClass = "input mt-1";

  return (
    <PublicPage title={t("contact.title")} intro={t("contact.intro")} width="max-w-7xl">
      <div className="mt-12 grid gap-10 lg:grid-cols-5">
        <Section
          id={`${id}-details`}
          title={t("contact.details.title")}
          heading="section"
          className="lg:col-span-2"
        >
          <dl className="mt-6 space-y-6 text-slate-700 dark:text-slate-200" data-testid="contact-details">
            <ContactDetail icon={PhoneIcon} title={t("contact.details.phone")}>
              <PhoneLine office={t("contact.details.headOffice")} phone={brand.phone} />
              <PhoneLine office={t("contact.details.parisOffice")} phone={brand.parisPhone} />
            </ContactDetail>
            <ContactDetail icon={MailIcon} title={t("contact.details.emailTitle")}>
              {emails.map((email) => (
                <dd key={email.key} className="pl-7">
                  {t(`contact.details.${email.key}`)}:{" "}
                  <a
                    className="break-all text-brand-700 underline dark:text-brand-200"
                    href={`mailto:${email.address}`}
                  >
                    {email.address}
                  </a>
                </dd>
              ))}
            </ContactDetail>
            <ContactDetail icon={MapPinIcon} title={t("contact.details.headOffice")}>
              <dd className="pl-7">{brand.name}</dd>
              <dd className="pl-7">{formatAddress(brand.registeredOffice, i18n.language)}</dd>
            </ContactDetail>
            <ContactDetail icon={MapPinIcon} title={t("contact.details.parisOffice")}>
              <dd className="pl-7">{formatAddress(brand.parisOffice, i18n.language)}</dd>
            </ContactDetail>
            <ContactDetail icon={ClockIcon} title={t("contact.details.hours")}>
              <dd className="pl-7" data-testid="contact-hours">
                {values.supportHours}
              </dd>
            </ContactDetail>
            <ContactDetail icon={ChatIcon} title={t("contact.details.whatsapp")}>
              <dd className="pl-7">
                <a
                  className="text-brand-700 underline dark:text-brand-200"
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {common("widget.whatsapp")}
                  <span className="sr-only"> {common("newTab")}</span>
                </a>
              </dd>
            </ContactDetail>
          </dl>
        </Section>

        <Section
          id={`${id}-form`}
          title={t("contact.form.title")}
          heading="section"
          className="card lg:col-span-3"
        >
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("contact.form.required")}</p>
          <form onSubmit={send} noValidate className="mt-6" data-testid="contact-form">
            <fieldset disabled={pending || sent} className="space-y-5">
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField
                  {...field("name")}
                  label={t("contact.form.name")}
                  className={fieldClass}
                  autoComplete="name"
                  required
                  maxLength={CONTACT_LIMITS.nameMax}
                />
                <FormField
                  {...field("email")}
                  label={t("contact.form.email")}
                  type="email"
                  className={fieldClass}
                  autoComplete="email"
                  required
                  maxLength={254}
                />
              </div>
              <FormField
                {...field("subject")}
                label={t("contact.form.subject")}
                className={fieldClass}
                required
                maxLength={CONTACT_LIMITS.subjectMax}
              />
              <TextAreaField
                {...field("message")}
                label={t("contact.form.message")}
                className={`${fieldClass} min-h-40`}
                rows={6}
                required
                maxLength={CONTACT_LIMITS.messageMax}
              />
              <p className="text-sm text-slate-600 dark:text-slate-300">
                <Trans
                  t={t}
                  i18nKey="contact.form.privacy"
                  components={{
                    privacy: <Link to="/privacy" className="text-brand-700 underline dark:text-brand-200" />,
                  }}
                />
              </p>
              <SubmitButton
                pending={pending}
                testId="contact-submit"
                label={t("contact.form.submit")}
                pendingLabel={t("contact.form.sending")}
              />
            </fieldset>
            <div className="mt-4">
              {sent && (
                <p
                  ref={successRef}
                  tabIndex={-1}
                  role="status"
                  className="rounded-lg bg-green-50 px-4 py-3 font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
                  data-testid="contact-success"
                >
                  {t("contact.form.success")}
                </p>
              )}
            </div>
            {formError && (
              <p
                role="alert"
                className="mt-4 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
                data-testid="contact-error"
              >
                {formError}
              </p>
            )}
          </form>
        </Section>
      </div>
    </PublicPage>
  );
}
