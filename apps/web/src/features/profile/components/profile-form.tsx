import type { ProfileUpdateRequest, User } from "@festgeld/domain";
import { TIMINGS_MS } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
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
      <div>
        <label htmlFor={`${id}-name`} className="label">
          {t("fields.fullName")}
        </label>
        <input
          id={`${id}-name`}
          name="full_name"
          className="input"
          autoComplete="name"
          required
          maxLength={200}
          value={values.full_name}
          onChange={change("full_name")}
        />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="label">
          {t("fields.email")}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          className="input"
          autoComplete="email"
          required
          maxLength={254}
          value={values.email}
          onChange={change("email")}
        />
      </div>
      {emailChanged && (
        <div>
          <label htmlFor={`${id}-current-password`} className="label">
            {t("security:emailChange.passwordLabel")}
          </label>
          <input
            id={`${id}-current-password`}
            name="current_password"
            type="password"
            className="input"
            autoComplete="current-password"
            required
            maxLength={128}
            value={currentPassword}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              setError(null);
            }}
          />
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("security:emailChange.hint")}</p>
        </div>
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
