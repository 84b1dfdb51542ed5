import { useId } from "react";
import { TextField } from "../ui/text-field.tsx";

/** A back-office search box: a labelled search input whose text the list applies as it is typed. */
export function FilterSearch({
  label,
  value,
  onChange,
  placeholder,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <TextField
      id={id}
      label={label}
      type="search"
      value={value}
      maxLength={254}
      autoComplete="off"
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}
