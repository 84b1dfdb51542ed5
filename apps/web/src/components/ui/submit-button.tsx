import type { ReactNode } from "react";

/** The submit button: disabled while the request runs, with its pending label then. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "btn-primary",
  testId,
  disabled,
}: {
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
  className?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} data-testid={testId}>
      {pending ? pendingLabel : label}
    </button>
  );
}
