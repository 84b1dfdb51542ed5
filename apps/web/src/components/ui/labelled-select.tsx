import { useId } from "react";

/**
 * A labelled select of fixed choices whose choice applies at once (a list's filter, an estimate's
 * input): the label names the select, and `onChange` gets the chosen option's own value, a number
 * where the options' values are numbers. `className` is the wrapper's (its place in a layout),
 * `selectClassName` the select's.
 */
export function LabelledSelect<Value extends string | number>({
  label,
  value,
  options,
  onChange,
  id,
  className,
  selectClassName = "input",
  disabled,
  name,
  testId,
}: {
  label: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: string }>;
  onChange: (value: Value) => void;
  /** The select's id, where something else refers to it; else one of its own. */
  id?: string;
  className?: string;
  selectClassName?: string;
  disabled?: boolean;
  /** The select's name, where code outside React finds it (the inbox's filter in the page's first frame). */
  name?: string;
  testId?: string;
}) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="label">
        {label}
      </label>
      <select
        id={selectId}
        className={selectClassName}
        value={value}
        disabled={disabled}
        name={name}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
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
