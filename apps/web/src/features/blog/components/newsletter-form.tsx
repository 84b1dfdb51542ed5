import { newsletterSubscribeRequestSchema } from "@festgeld/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Section } from "../../../components/ui/section.tsx";
import { fieldError, useApiForm } from "../../../lib/forms.ts";
import { subscribeNewsletter } from "../api/newsletter-api.ts";
import { useContentLanguage } from "../hooks/use-content-language.ts";

/**
 * Newsletter sign-up (double opt-in): required e-mail, sent through POST /api/newsletter with the
 * language of the consent; on success a browser alert tells the reader to confirm through the e-mailed
 * link, then the field is emptied.
 */
export function NewsletterForm() {
  const { t } = useTranslation("blog");
  const language = useContentLanguage();
  const { form, formError, submit, pending } = useApiForm({
    schema: newsletterSubscribeRequestSchema.pick({ email: true }),
    defaultValues: { email: "" },
    fallback: t("newsletter.error"),
  });
  const id = useId();
  const error = fieldError(form, "email") ?? formError;

  const onSubmit = submit(async ({ email }) => {
    await subscribeNewsletter({ email, language });
    window.alert(t("newsletter.thanks"));
    form.reset();
  });

  return (
    <Section
      id={`${id}-title`}
      title={t("newsletter.title")}
      headingClassName="text-xl font-bold"
      className="rounded-2xl bg-brand-800 p-6 text-white dark:bg-brand-900"
      data-testid="newsletter"
    >
      <p className="mt-2 text-sm text-brand-50">{t("newsletter.text")}</p>
      <form className="mt-4 space-y-3" onSubmit={onSubmit} noValidate>
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-white">
            {t("newsletter.emailLabel")}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            {...form.register("email")}
            placeholder={t("newsletter.emailPlaceholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="input"
          />
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="rounded-lg bg-white px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={pending}
          className="inline-flex w-full items-center justify-center rounded-lg bg-accent-400 px-4 py-2 font-semibold text-slate-900 transition-colors hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-70"
        >
          {pending ? t("newsletter.subscribing") : t("newsletter.subscribe")}
        </button>
        <p className="text-xs text-brand-50">
          {t("newsletter.confirmHint")} {t("newsletter.consent")}{" "}
          <Link
            to="/privacy"
            className="font-medium text-white underline focus-visible:outline-2 focus-visible:outline-white"
          >
            {t("newsletter.privacyLink")}
          </Link>
          .
        </p>
      </form>
    </Section>
  );
}
