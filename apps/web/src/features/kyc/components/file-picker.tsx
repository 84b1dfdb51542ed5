import type { KycDocumentType } from "@festgeld/domain/constants";
import { type Ref, useId } from "react";
import { useTranslation } from "react-i18next";
import { acceptFor } from "../lib/check-file.ts";
import { UploadIcon } from "./kyc-icons.tsx";

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
  inputRef,
}: {
  documentType: KycDocumentType;
  label: string;
  disabled: boolean;
  onFile: (file: File) => void;
  error?: string | null;
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
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
      {/* The native control's own texts ("Choose File") cannot be translated: it stays focusable but
          visually hidden, and a translated button-like label opens it. */}
      <div className="flex items-center">
        <input
          ref={inputRef}
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
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className="btn-primary cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:peer-focus-visible:outline-brand-300 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          <UploadIcon className="h-5 w-5" />
          {t("upload.chooseFile")}
        </label>
      </div>
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
