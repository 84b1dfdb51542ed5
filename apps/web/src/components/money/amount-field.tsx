import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { type BoundProps, FormField } from "../ui/form-field.tsx";

/**
 * An amount (or an interest rate) typed in the saver's language, bound to a react-hook-form form: a
 * text input with the decimal keyboard, since a `type="number"` input cannot read "10.000,50" (see
 * lib/decimal.ts). The form's schema checks it with amount-rules.ts. `children` stand under the field
 * (a preview of the return, a warning).
 */
export function AmountField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  placeholder,
  children,
}: BoundProps<T> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  placeholder?: string;
  children?: ReactNode;
}) {
  return (
    <FormField
      form={form}
      name={name}
      id={id}
      label={label}
      hint={hint}
      placeholder={placeholder}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      required
    >
      {children}
    </FormField>
  );
}
