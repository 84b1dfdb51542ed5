import type { ProfileUpdateRequest, User } from "@festgeld/domain";
import { TIMINGS_MS } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { api, errorMessage } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";

/**
 * Editable full name and e-mail, read-only role and member-since. After a save the
 * page reloads after 1.5 s, so every part of the app shows the new details.
 */
export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation(["account", "security"]);
  const id = useId();
  const [values, setValues] = useState<ProfileUpdateRequest>({
    full_name: user.full_name,
    email: user.email,
  });
  const [currentPassword, setCurrentPassword] = useState("");
  // A new e-mail address needs the current password (the server checks it).
  const emailChanged = values.email.trim().toLowerCase() !== user.email;
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState<string | null>(null);
  const reloadTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const change = (field: keyof ProfileUpdateRequest) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("saving");
    setError(null);
    try {
      const body: ProfileUpdateRequest = emailChanged
        ? { ...values, current_password: currentPassword }
        : values;
      await api.call(operations.authUpdateProfile, { body });
      setStatus("saved");
      reloadTimer.current = window.setTimeout(() => window.location.reload(), TIMINGS_MS.profileReload);
    } catch (err) {
      setError(errorMessage(err, t("profile.error")));
      setStatus("idle");
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("profile.detailsHeading")}
      </h2>
      {error && (
        <FormAlert kind="error" testId="profile-error">
          {error}
        </FormAlert>
      )}
      {status === "saved" && (
        <FormAlert kind="success" testId="profile-success">
          {t("profile.success")}
        </FormAlert>
      )}
      <TextField
        id={`${id}-name`}
        label={t("fields.fullName")}
        name="full_name"
        autoComplete="name"
        required
        maxLength={200}
        value={values.full_name}
        onChange={change("full_name")}
      />
      <TextField
        id={`${id}-email`}
        label={t("fields.email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={values.email}
        onChange={change("email")}
      />
      {emailChanged && (
        <TextField
          id={`${id}-current-password`}
          label={t("security:emailChange.passwordLabel")}
          hint={t("security:emailChange.hint")}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setError(null);
          }}
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
      <button type="submit" className="btn-primary" disabled={status !== "idle"} data-testid="profile-submit">
        {status === "saving" ? t("profile.saving") : t("profile.save")}
      </button>
    </form>
  );
}
