import { DateField } from "../../../components/ui/date-field.tsx";
import { businessToday } from "../../../lib/format-date.ts";

/**
 * The day the books are read at (the trial balance, a reconciliation): a past or today's date in the
 * business time zone; clearing the field keeps the day shown.
 */
export function BooksDayField({
  id,
  label,
  day,
  onDay,
  testId,
}: {
  id: string;
  label: string;
  day: string;
  onDay: (day: string) => void;
  testId: string;
}) {
  return (
    <DateField
      id={id}
      label={label}
      value={day}
      max={businessToday()}
      onChange={(event) => {
        if (event.target.value) onDay(event.target.value);
      }}
      data-testid={testId}
    />
  );
}
