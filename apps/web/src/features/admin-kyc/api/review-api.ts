import type { KycDecisionRequest } from "@festgeld/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, callPaged } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n.ts";
import { operations } from "../../../lib/operations.ts";
import { tokenStore } from "../../../lib/storage.ts";

export type QueueStatus = "pending" | "approved" | "rejected" | "all";
export const PAGE_SIZE = 20;

/** The review queue, oldest first, one page at a time (total from X-Total-Count). */
export function useReviewQueue(status: QueueStatus, offset: number) {
  return useQuery({
    queryKey: ["admin-kyc", "queue", status, offset],
    queryFn: ({ signal }) =>
      callPaged(operations.adminKycDocumentsList, { query: { status, limit: PAGE_SIZE, offset }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewHistory(documentId: string) {
  return useQuery({
    queryKey: ["admin-kyc", "history", documentId],
    queryFn: ({ signal }) =>
      api.call(operations.adminKycDocumentHistory, { params: { id: documentId }, signal }),
  });
}

export function useDecision(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycDecisionRequest) =>
      api.call(operations.adminKycDocumentsDecide, { params: { id: documentId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin-kyc"] }),
  });
}

/**
 * The decrypted file, fetched with the bearer token (a plain link could not carry it, and a token
 * never goes into a URL). Each fetch is recorded by the server as a view.
 */
export async function fetchDocumentFile(documentId: string, signal?: AbortSignal): Promise<Blob> {
  const token = tokenStore.get();
  const path = operations.adminKycDocumentFile.path.replace(":id", encodeURIComponent(documentId));
  const response = await fetch(`/api${path}`, {
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      "Accept-Language": i18n.language || "en",
    },
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ApiError(response.status, body.code ?? "unknown_error", body.detail ?? "");
  }
  return response.blob();
}
