import type { ReactNode } from "react";

/**
 * The message box of a form: an error (announced at once, role alert) or a success note (role status).
 * Kept in the DOM only while there is something to say.
 */
export function FormAlert({
  kind,
  children,
  testId,
  className = "",
}: {
  kind: "error" | "success";
  children: ReactNode;
  testId?: string;
  /** Placement in the form's layout (a grid column span). */
  className?: string;
}) {
  const styles =
    kind === "error"
      ? "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      : "border-green-300 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200";
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${styles} ${className}`.trim()}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** The form's error message (role alert), or nothing when there is none. */
export function FormErrorAlert({
  message,
  testId,
  className,
}: {
  message: string | null | undefined;
  testId?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <FormAlert kind="error" testId={testId} className={className}>
      {message}
    </FormAlert>
  );
}

/**
 * A short error line (role alert) beside the control that failed: an action in a list or a card
 * whose request was refused. `className` places it (a top margin). Nothing when there is no message.
 */
export function ErrorText({
  message,
  className = "",
}: {
  message: string | false | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p role="alert" className={`${className} text-sm font-medium text-red-800 dark:text-red-300`.trim()}>
      {message}
    </p>
  );
}

/**
 * What came of the last action of a form or card: its error (role alert) and, once it worked, what it
 * did (role status); each only while there is one.
 */
export function OutcomeAlerts({
  error,
  done,
  errorTestId,
  doneTestId,
}: {
  error: string | null | undefined;
  done: ReactNode;
  errorTestId?: string;
  doneTestId?: string;
}) {
  return (
    <>
      <FormErrorAlert message={error} testId={errorTestId} />
      {done ? (
        <FormAlert kind="success" testId={doneTestId}>
          {done}
        </FormAlert>
      ) : null}
    </>
  );
}
