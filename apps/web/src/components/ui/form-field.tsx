import { LIMITS } from "@festgeld/domain/constants";
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fieldError } from "../../lib/forms.ts";
import { describedBy, FieldError } from "./field-error.tsx";
import { TextField, type TextFieldProps } from "./text-field.tsx";

/**
 * Form controls bound to a react-hook-form form (lib/forms.ts): `register` wires value, change and
 * focus, the field's error comes from the form, and TextField keeps the label, hint, error and aria
 * wiring. EmailField and PasswordField are the presets the account forms repeat.
 */
// biome-ignore lint/suspicious/noExplicitAny: a form of any values; `name` is checked against them
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/** The form a control is bound to and the field it edits. */
export type BoundProps<T extends FieldValues> = {
  form: AnyForm<T>;
  name: FieldPath<T>;
};

export function FormField<T extends FieldValues>({
  form,
  name,
  ...field
}: BoundProps<T> & Omit<TextFieldProps, "form" | "name" | "error" | "ref" | "value" | "onChange">) {
  const registered = form.register(name);
  return (
    <TextField
      {...field}
      {...registered}
      onBlur={(event) => {
        void registered.onBlur(event);
        field.onBlur?.(event);
      }}
      error={fieldError(form, name)}
    />
  );
}

/** An e-mail address field (label "E-mail address", type email, the contract's 254 characters). */
export function EmailField<T extends FieldValues>(
  props: BoundProps<T> & { id: string; label?: ReactNode; autoComplete?: string; hint?: ReactNode },
) {
  const { t } = useTranslation("account");
  return (
    <FormField
      label={t("fields.email")}
      type="email"
      autoComplete="email"
      required
      maxLength={254}
      {...props}
    />
  );
}

/** The full name (the contract's 200 characters). */
export function FullNameField<T extends FieldValues>(
  props: BoundProps<T> & { id: string; label?: ReactNode },
) {
  const { t } = useTranslation("account");
  return <FormField label={t("fields.fullName")} autoComplete="name" required maxLength={200} {...props} />;
}

/** A telephone number (the contract's 32 characters). */
export function PhoneField<T extends FieldValues>(props: BoundProps<T> & { id: string; label: ReactNode }) {
  return <FormField type="tel" inputMode="tel" autoComplete="tel" required maxLength={32} {...props} />;
}

/** A six-digit code of the authenticator app. */
export function OneTimeCodeField<T extends FieldValues>(
  props: BoundProps<T> & { id: string; label: ReactNode },
) {
  return (
    <FormField
      className="input max-w-40"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...props}
    />
  );
}

/**
 * A password field: `isNew` for a password being chosen (the length hint, new-password), else the
 * current one.
 */
export function PasswordField<T extends FieldValues>({
  isNew = false,
  ...props
}: BoundProps<T> & {
  id: string;
  label?: ReactNode;
  hint?: ReactNode;
  isNew?: boolean;
  autoComplete?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("account");
  return (
    <FormField
      label={t("fields.password")}
      type="password"
      required
      maxLength={LIMITS.passwordMaxLength}
      {...(isNew
        ? {
            autoComplete: "new-password",
            minLength: LIMITS.passwordMinLength,
            hint: t("register.passwordHint", { min: LIMITS.passwordMinLength }),
          }
        : { autoComplete: "current-password" })}
      {...props}
    />
  );
}

/**
 * Radio buttons bound to the form, one labelled button a choice (the fieldset and legend around them
 * are the caller's); `onChange` runs after the form has taken the choice.
 */
export function RadioChoices<T extends FieldValues, C extends string>({
  form,
  name,
  choices,
  label,
  onChange,
  className = "flex flex-col gap-2",
}: BoundProps<T> & {
  choices: readonly C[];
  label: (choice: C) => ReactNode;
  onChange?: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      {choices.map((choice) => (
        <label key={choice} className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
          <input
            type="radio"
            value={choice}
            {...form.register(name, { onChange })}
            className="h-4 w-4 accent-brand-700"
          />
          {label(choice)}
        </label>
      ))}
    </div>
  );
}

/** The label, hint and error around one control, and the aria attributes that tie them to it. */
function FieldShell({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const controlAria = (id: string, hint: ReactNode, error: string | undefined, own?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": describedBy(own, hint ? `${id}-hint` : null, error && `${id}-error`),
});

/** A labelled select bound to the form, with its hint, error and aria wiring. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  children,
  className = "input",
  ...select
}: BoundProps<T> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "form" | "id" | "name" | "value" | "onChange">) {
  const error = fieldError(form, name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className={className}
        {...select}
        {...form.register(name)}
        {...controlAria(id, hint, error, select["aria-describedby"])}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** A labelled text area bound to the form, with its hint, error and aria wiring. */
export function TextAreaField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  className = "input",
  ...area
}: BoundProps<T> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "form" | "id" | "name" | "value" | "onChange">) {
  const error = fieldError(form, name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className={className}
        {...area}
        {...form.register(name)}
        {...controlAria(id, hint, error, area["aria-describedby"])}
      />
    </FieldShell>
  );
}

/**
 * The binding of one form's controls: `field("amount")` is what a control needs to edit the field
 * `amount` of `form` (BoundProps) and its id, the form's id prefix and a suffix (the field's name unless
 * given), so that a form names each field once.
 */
export function fieldsOf<T extends FieldValues>(form: AnyForm<T>, prefix: string) {
  return <N extends FieldPath<T>>(name: N, suffix: string = name) => ({
    form,
    name,
    id: `${prefix}-${suffix}`,
  });
}
