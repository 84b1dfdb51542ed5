import type { ReactNode } from "react";

interface SubmitButtonProps {
  pending: boolean;
  label: ReactNode;
  /** Shown while the request runs; the label itself when not given. */
  pendingLabel?: ReactNode;
  className?: string;
  testId?: string;
  disabled?: boolean;
}

/**
 * The submit button, with its pending label while the request runs. While pending it stays focusable
 * (`aria-disabled`, clicks ignored) rather than `disabled`: a disabled button drops the keyboard focus
 * to <body> (WCAG 2.4.3), and the form would not know where the user was.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel = label,
  className = "btn-primary",
  testId,
  disabled,
}: SubmitButtonProps) {
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

/**
 * A form's submit button and, beside it, the button that closes the form unsent. `className` lays out
 * the row; `size` sizes both buttons where they are smaller than the default.
 */
export function SubmitOrCancel({
  className,
  size,
  cancelLabel,
  onCancel,
  cancelDisabled,
  ...submit
}: Omit<SubmitButtonProps, "className" | "disabled"> & {
  className: string;
  size?: string;
  cancelLabel: ReactNode;
  onCancel: () => void;
  cancelDisabled?: boolean;
}) {
  const sized = (button: string) => (size ? `${button} ${size}` : button);
  return (
    <div className={className}>
      <SubmitButton {...submit} className={sized("btn-primary")} />
      <button type="button" className={sized("btn-secondary")} onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </button>
    </div>
  );
}
