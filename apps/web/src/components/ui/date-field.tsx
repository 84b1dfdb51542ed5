import { TextField, type TextFieldProps } from "./text-field.tsx";

/** Chromium focuses a date field's parts, not the field, so its focus ring follows focus-within. */
const DATE_INPUT =
  "input focus-within:outline-2 focus-within:outline-brand-600 dark:focus-within:outline-brand-300";

/** A labelled date field (TextField of type date) whose focus ring shows wherever its parts have focus. */
export function DateField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="date" className={DATE_INPUT} {...props} />;
}
