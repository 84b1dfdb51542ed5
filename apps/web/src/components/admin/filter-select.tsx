import { useId } from "react";
import { TextField } from "../ui/text-field.tsx";

/** A back-office list filter: a labelled select whose choice the list applies at once. */
export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

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
