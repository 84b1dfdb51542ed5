/** The error text under a form control; give the control `aria-describedby` with this id. */
export function FieldError({ id, message }: { id: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** Joins the ids of a control's hint and error for `aria-describedby` (undefined when none). */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}
