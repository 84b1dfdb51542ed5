import type { ErrorResponse, KycDocumentType, KycUploadResponse } from "@festgeld/domain";
import { operations } from "@festgeld/domain/operations";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n.ts";
import { tokenStore } from "../../../lib/storage.ts";

export const KYC_STATUS_KEY = ["kyc", "status"] as const;

/** The signed-in user's verification status (GET /kyc/status). */
export function useKycStatus() {
  return useQuery({
    queryKey: KYC_STATUS_KEY,
    queryFn: ({ signal }) => api.call(operations.kycStatus, { signal }),
    // a failed status fetch is logged; the page offers a retry.
    retry: 1,
  });
}

/**
 * Uploads one document with XMLHttpRequest, because fetch() reports no upload progress. `onProgress`
 * gets 0..1 as the bytes leave the browser. Errors arrive as ApiError like every other call.
 */
export function uploadKycDocument(
  documentType: KycDocumentType,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KycUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(
      operations.kycUpload.method,
      `/api${operations.kycUpload.path.replace(":documentType", encodeURIComponent(documentType))}`,
    );
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", i18n.language || "en");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(1);
        resolve(body as KycUploadResponse);
        return;
      }
      const err = (body ?? {}) as Partial<ErrorResponse>;
      reject(new ApiError(xhr.status, err.code ?? "unknown_error", err.detail ?? "", err.fields ?? []));
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", ""));
    xhr.onabort = () => reject(new DOMException("Upload aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** The approval checklist (GET /me/approval-checklist), refetched whenever the status changes. */
export function useApprovalChecklist(statusUpdatedAt: number) {
  return useQuery({
    // Below the dashboard's key, so that its invalidation reaches this one too.
    queryKey: ["me", "approval-checklist", statusUpdatedAt] as const,
    queryFn: ({ signal }) => api.call(operations.meApprovalChecklist, { signal }),
    placeholderData: (previous) => previous,
  });
}
