import type { ReactNode } from "react";

/**
 * The submit button, with its pending label while the request runs. While pending it stays focusable
 * (`aria-disabled`, clicks ignored) rather than `disabled`: a disabled button drops the keyboard focus
 * to <body> (WCAG 2.4.3), and the form would not know where the user was.
 */
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
    <button
      type="submit"
      className={className}
      disabled={disabled}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
      data-testid={testId}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
