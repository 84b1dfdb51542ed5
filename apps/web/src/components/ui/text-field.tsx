import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { describedBy, FieldError } from "./field-error.tsx";

/**
 * A labelled text input with its hint and error, wired for assistive technology (`aria-describedby`
 * names the hint and the error, `aria-invalid` marks an error). The one way the account forms draw a
 * field; `children` go under the input (a link such as "Forgot your password?"). Takes `ref`, so
 * react-hook-form's `register` binds it (components/ui/form-field.tsx).
 */
export type TextFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  children?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "children">;

export function TextField({ id, label, hint, error, children, ...input }: TextFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        {...input}
        aria-invalid={error ? true : input["aria-invalid"]}
        aria-describedby={describedBy(
          input["aria-describedby"],
          hint ? `${id}-hint` : null,
          error && `${id}-error`,
        )}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
      {children}
    </div>
  );
}
