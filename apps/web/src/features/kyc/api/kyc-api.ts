import type { KycDocumentType, KycUploadResponse } from "@festgeld/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

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
 * Uploads one document through the shared API client, which reports upload progress (fetch() does
 * not, so the client sends it with XMLHttpRequest). `onProgress` gets 0..1 as the bytes leave the
 * browser. Errors arrive as ApiError like every other call.
 */
export async function uploadKycDocument(
  documentType: KycDocumentType,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KycUploadResponse> {
  const form = new FormData();
  form.append("file", file, file.name);
  const uploaded = await api.call(operations.kycUpload, {
    params: { documentType },
    body: form,
    onUploadProgress: onProgress,
    ...(signal ? { signal } : {}),
  });
  onProgress(1);
  return uploaded;
}

/**
 * The approval checklist (GET /me/approval-checklist), refetched whenever the status changes. Asked for
 * once the status is in (`statusUpdatedAt` above 0): before, the page asked for it twice on every visit,
 * with the status unknown and again as it arrived. On a direct visit both were asked for beside the
 * page's code (lib/page-requests.ts), so the first ask takes that answer.
 */
export function useApprovalChecklist(statusUpdatedAt: number) {
  return useQuery({
    // Below the dashboard's key, so that its invalidation reaches this one too.
    queryKey: ["me", "approval-checklist", statusUpdatedAt] as const,
    queryFn: ({ signal }) => api.call(operations.meApprovalChecklist, { signal }),
    placeholderData: (previous) => previous,
    enabled: statusUpdatedAt > 0,
  });
}
