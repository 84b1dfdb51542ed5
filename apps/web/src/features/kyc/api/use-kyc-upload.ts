import type { KycDocumentType } from "@festgeld/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toast.ts";
import { checkKycFile } from "../lib/check-file.ts";
import { KYC_STATUS_KEY, uploadKycDocument } from "./kyc-api.ts";

export type UploadResult = { ok: true } | { ok: false; message: string; code?: string };

/**
 * Uploads with the browser-side checks (.jpg, .jpeg, .png or .pdf, at most 10 MB) and the product's error texts; one upload
 * at a time (controls stay disabled while it runs); the status is refetched after a success.
 */
export function useKycUpload() {
  const { t } = useTranslation("kyc");
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const [uploading, setUploading] = useState<{ type: KycDocumentType; progress: number } | null>(null);

  const upload = useCallback(
    async (
      type: KycDocumentType,
      file: File,
      options: { notify?: boolean; notifyErrors?: boolean } = {},
    ): Promise<UploadResult> => {
      const notify = options.notify ?? true;
      // A caller that shows the refusal itself asks for no error toast (one announcement, not two).
      const notifyErrors = notify && (options.notifyErrors ?? true);
      const problem = checkKycFile(file, type);
      if (problem) {
        const message = t(`errors.${problem}`);
        if (notifyErrors) toast(message, "error");
        return { ok: false, message };
      }
      setUploading({ type, progress: 0 });
      try {
        await uploadKycDocument(type, file, (progress) => setUploading({ type, progress }));
        if (notify) toast(t("upload.success"), "success");
        await queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY });
        // The user's kycStatus may have changed with this upload.
        void refresh();
        return { ok: true };
      } catch (error) {
        // An expired session: re-reading the user signs out and the page goes to /login.
        if (error instanceof ApiError && error.status === 401) void refresh();
        else console.error("KYC upload failed", error);
        const message = errorMessage(error, t("upload.failed"));
        if (notifyErrors) toast(message, "error");
        return { ok: false, message, code: error instanceof ApiError ? error.code : undefined };
      } finally {
        setUploading(null);
      }
    },
    [t, queryClient, refresh],
  );

  return { upload, uploading };
}
