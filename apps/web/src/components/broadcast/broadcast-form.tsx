import {
  type AudienceCount,
  LANGUAGES,
  type Language,
  LOCALIZED_MESSAGE_LIMITS,
  type LocalizedMessage,
  localizedMessageSchema,
} from "@festgeld/domain";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorMessage } from "../../lib/api-client.ts";
import { formatNumber } from "../../lib/format.ts";
import { useApiForm } from "../../lib/forms.ts";
import { toast } from "../../lib/toast.ts";
import { FormErrorAlert } from "../ui/form-alert.tsx";
import { FormField, TextAreaField } from "../ui/form-field.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";

const textSchema = z.object({ title: z.string(), message: z.string() });

/**
 * A title and message per language as typed: a language is written in full or left out, at least one
 * is written; what is sent is the contract's localizedMessageSchema (trimmed, empty languages left out).
 */
const broadcastSchema = z
  .object({ en: textSchema, de: textSchema, fr: textSchema })
  .transform((values, ctx) => {
    const texts: Partial<Record<Language, { title: string; message: string }>> = {};
    for (const language of LANGUAGES) {
      const title = values[language].title.trim();
      const message = values[language].message.trim();
      if (Boolean(title) !== Boolean(message)) {
        ctx.addIssue({ code: "custom", path: [language, title ? "message" : "title"], message: "half" });
      }
      if (title && message) texts[language] = { title, message };
    }
    return texts;
  })
  .pipe(localizedMessageSchema);

const EMPTY = {
  en: { title: "", message: "" },
  de: { title: "", message: "" },
  fr: { title: "", message: "" },
};

/**
 * The back office's broadcast form (notifications and the newsletter): a title and message per
 * language, then "Review recipients" shows how many it reaches per language (`count`), and only the
 * confirmation sends it (`send`). `audience` goes under the texts; when `audienceKey` changes (another
 * audience chosen) the review is dropped. Any missing text is "Please enter title and message".
 */
export function BroadcastForm({
  testId,
  reviewTestId,
  hint,
  titleLabel,
  messageLabel,
  audience,
  audienceKey = "",
  check,
  count,
  send,
  reaches,
  sentText,
  confirmLabel,
  fallbackNote = false,
  toastFailures = false,
  onSent,
}: {
  testId: string;
  reviewTestId: string;
  hint: ReactNode;
  titleLabel: (language: string) => string;
  messageLabel: (language: string) => string;
  audience?: ReactNode;
  audienceKey?: string;
  /** A problem outside the texts (no recipients chosen), checked before counting. */
  check?: () => string | null;
  count: (texts: LocalizedMessage) => Promise<AudienceCount>;
  /** Sends and answers the number of recipients. */
  send: (texts: LocalizedMessage) => Promise<number>;
  reaches: (review: AudienceCount) => string;
  sentText: (recipients: number) => string;
  confirmLabel: string;
  /** Whether the review names the languages left out (their readers get the first written text). */
  fallbackNote?: boolean;
  toastFailures?: boolean;
  onSent?: () => void;
}) {
  const { t, i18n } = useTranslation("admin");
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const { form, formError, setFormError, submit, pending } = useApiForm({
    schema: broadcastSchema,
    defaultValues: EMPTY,
    fallback: t("notifications.failed"),
    shouldFocusError: false,
  });
  const [review, setReview] = useState<{ count: AudienceCount; texts: LocalizedMessage } | null>(null);
  const [sending, setSending] = useState(false);
  // Each step replaces the control the keyboard was on (the review replaces its button, "back" and
  // sending bring the button back): focus follows to what takes its place, never to <body>.
  const [focusNext, setFocusNext] = useState<"review" | "button" | null>(null);
  const reviewRef = useRef<HTMLElement>(null);
  const buttonWrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusNext === "review") reviewRef.current?.focus();
    if (focusNext === "button") buttonWrap.current?.querySelector("button")?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);
  const { subscribe } = form;
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setReview(null) }), [subscribe]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another audience drops the review
  useEffect(() => {
    setReview(null);
    setFormError(null);
  }, [audienceKey, setFormError]);

  const onSubmit = submit(
    async (texts) => {
      const problem = check?.();
      if (problem) {
        setFormError(problem);
        return;
      }
      setReview({ count: await count(texts), texts });
      setFocusNext("review");
    },
    () => setFormError(t("notifications.empty")),
  );

  const confirm = async () => {
    if (!review) return;
    setSending(true);
    try {
      const recipients = await send(review.texts);
      toast(sentText(recipients), "success");
      form.reset(EMPTY);
      setReview(null);
      setFocusNext("button");
      onSent?.();
    } catch (error) {
      const text = errorMessage(error, t("notifications.failed"));
      setReview(null);
      setFocusNext("button");
      setFormError(text);
      if (toastFailures) toast(text, "error");
    } finally {
      setSending(false);
    }
  };

  const written = review ? LANGUAGES.filter((l) => review.texts[l]) : [];
  const missing = LANGUAGES.filter((l) => !written.includes(l));
  const first = written[0];
  return (
    <form className="card space-y-5" onSubmit={onSubmit} noValidate data-testid={testId}>
      <FormErrorAlert message={formError} />
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {LANGUAGES.map((language) => {
        const name = t(`languages.${language}`);
        return (
          <fieldset
            key={language}
            className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
          >
            <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">{name}</legend>
            <FormField
              form={form}
              name={`${language}.title`}
              id={`${baseId}-${language}-title`}
              label={titleLabel(name)}
              lang={language}
              maxLength={LOCALIZED_MESSAGE_LIMITS.titleMax}
            />
            <TextAreaField
              form={form}
              name={`${language}.message`}
              id={`${baseId}-${language}-message`}
              label={messageLabel(name)}
              className="input min-h-24"
              lang={language}
              maxLength={LOCALIZED_MESSAGE_LIMITS.messageMax}
              aria-describedby={hintId}
            />
          </fieldset>
        );
      })}
      {audience}
      {review ? (
        <section
          ref={reviewRef}
          tabIndex={-1}
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 outline-none dark:border-amber-700 dark:bg-slate-800"
          aria-live="polite"
          data-testid={reviewTestId}
        >
          <p className="font-medium text-slate-900 dark:text-white">{reaches(review.count)}</p>
          <ul className="text-sm text-slate-700 dark:text-slate-300">
            {LANGUAGES.map((l) => (
              <li key={l}>
                {t(`languages.${l}`)}: {formatNumber(review.count.by_language[l], i18n.language)}
              </li>
            ))}
          </ul>
          {fallbackNote && first && missing.length > 0 && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t("notifications.review.fallback", {
                missing: missing.map((l) => t(`languages.${l}`)).join(", "),
                language: t(`languages.${first}`),
              })}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={review.count.recipients === 0}
              aria-disabled={sending || undefined}
              onClick={() => {
                if (!sending) void confirm();
              }}
            >
              {sending ? t("notifications.sending") : confirmLabel}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setReview(null);
                setFocusNext("button");
              }}
            >
              {t("notifications.review.back")}
            </button>
          </div>
        </section>
      ) : (
        <div ref={buttonWrap}>
          <SubmitButton
            pending={pending}
            label={t("notifications.review.button")}
            pendingLabel={t("notifications.review.counting")}
          />
        </div>
      )}
    </form>
  );
}
