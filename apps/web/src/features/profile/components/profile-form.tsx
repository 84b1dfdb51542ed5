import { profileUpdateRequestSchema, type User } from "@festgeld/domain";
import { TIMINGS_MS } from "@festgeld/domain/constants";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormAlert, FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { EmailField, FullNameField, PasswordField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { api } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format-date.ts";
import { useApiForm } from "../../../lib/forms.ts";
import { i18n } from "../../../lib/i18n.ts";
import { operations } from "../../../lib/operations.ts";

/** The contract's profile change; the current password is asked for only when the e-mail changes. */
function profileSchema(currentEmail: string) {
  return profileUpdateRequestSchema
    .extend({ current_password: z.string() })
    .refine((values) => values.email === currentEmail || values.current_password !== "", {
      path: ["current_password"],
      error: () => i18n.t("errors:current_password_required"),
    });
}

/**
 * Editable full name and e-mail, read-only role and member-since. After a save the
 * page reloads after 1.5 s, so every part of the app shows the new details; a new e-mail address
 * instead shows "check your new address" (the change happens when its link is opened).
 */
export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation(["account", "security"]);
  const id = useId();
  const schema = useMemo(() => profileSchema(user.email), [user.email]);
  const { form, formError, submit, pending, done } = useApiForm({
    schema,
    defaultValues: { full_name: user.full_name, email: user.email, current_password: "" },
    fallback: t("profile.error"),
  });
  // A new e-mail address needs the current password (the server checks it).
  const emailChanged = form.watch("email").trim().toLowerCase() !== user.email;
  const reloadTimer = useRef<number | undefined>(undefined);
  const [changeSent, setChangeSent] = useState(false);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  // The saved form's button turns disabled, which would drop the keyboard focus to <body>: it goes to
  // the success message instead, which a screen reader then reads.
  const success = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) success.current?.focus();
  }, [done]);

  return (
    <form
      onSubmit={submit(async ({ current_password, ...details }) => {
        const body = details.email === user.email ? details : { ...details, current_password };
        await api.call(operations.authUpdateProfile, { body });
        // An e-mail change waits for the link sent to the new address: the message stays on screen.
        setChangeSent(details.email !== user.email);
        if (details.email !== user.email) return;
        reloadTimer.current = window.setTimeout(() => window.location.reload(), TIMINGS_MS.profileReload);
      })}
      noValidate
      className="space-y-5"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("profile.detailsHeading")}
      </h2>
      <FormErrorAlert message={formError} testId="profile-error" />
      {done && (
        <div ref={success} tabIndex={-1} className="rounded-lg focus:outline-none">
          <FormAlert kind="success" testId="profile-success">
            {changeSent ? t("security:emailChange.sent") : t("profile.success")}
          </FormAlert>
        </div>
      )}
      <FullNameField form={form} name="full_name" id={`${id}-name`} />
      <EmailField form={form} name="email" id={`${id}-email`} />
      {emailChanged && (
        <PasswordField
          form={form}
          name="current_password"
          id={`${id}-current-password`}
          label={t("security:emailChange.passwordLabel")}
          hint={t("security:emailChange.hint")}
        />
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="label">{t("profile.role")}</dt>
          <dd className="text-slate-900 dark:text-slate-100" data-testid="profile-role">
            {t(`profile.roles.${user.role}`)}
          </dd>
        </div>
        <div>
          <dt className="label">{t("profile.memberSince")}</dt>
          <dd className="text-slate-900 dark:text-slate-100" data-testid="profile-member-since">
            <time dateTime={user.created_at}>{formatDate(user.created_at, i18n.language, "long")}</time>
          </dd>
        </div>
      </dl>
      <SubmitButton
        pending={pending}
        disabled={done}
        testId="profile-submit"
        label={t("profile.save")}
        pendingLabel={t("profile.saving")}
      />
    </form>
  );
}
