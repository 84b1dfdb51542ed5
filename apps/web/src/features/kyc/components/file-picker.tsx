import type { KycDocumentType } from "@festgeld/domain/constants";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { acceptFor } from "../lib/check-file.ts";

/**
 * A labelled file input limited to the allowed types. The value is cleared after each choice so the
 * same file can be chosen again after an error.
 */
export function FilePicker({
  documentType,
  label,
  disabled,
  onFile,
  error,
  testId,
}: {
  documentType: KycDocumentType;
  label: string;
  disabled: boolean;
  onFile: (file: File) => void;
  error?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation("kyc");
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={acceptFor(documentType)}
        disabled={disabled}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
        className="block w-full cursor-pointer rounded-lg text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 dark:text-slate-300"
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {documentType === "selfie" ? t("upload.hintImage") : t("upload.hint")}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
