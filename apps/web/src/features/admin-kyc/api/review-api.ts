import type { KycAdminDocument, KycDecisionRequest, KycReviewEntry } from "@festgeld/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, apiRequest } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n.ts";
import { tokenStore } from "../../../lib/storage.ts";

export type QueueStatus = "pending" | "approved" | "rejected" | "all";
export const PAGE_SIZE = 20;

/** The review queue, oldest first, one page at a time (total from X-Total-Count). */
export function useReviewQueue(status: QueueStatus, offset: number) {
  return useQuery({
    queryKey: ["admin-kyc", "queue", status, offset],
    queryFn: async ({ signal }) => {
      const { data, headers } = await apiRequest<KycAdminDocument[]>("/admin/kyc/documents", {
        query: { status, limit: PAGE_SIZE, offset },
        signal,
      });
      return { items: data, total: Number(headers.get("X-Total-Count") ?? data.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useReviewHistory(documentId: string) {
  return useQuery({
    queryKey: ["admin-kyc", "history", documentId],
    queryFn: ({ signal }) =>
      api.get<KycReviewEntry[]>(`/admin/kyc/documents/${documentId}/history`, undefined, signal),
  });
}

export function useDecision(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycDecisionRequest) =>
      api.patch<KycAdminDocument>(`/admin/kyc/documents/${documentId}/decision`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin-kyc"] }),
  });
}

/**
 * The decrypted file, fetched with the bearer token (a plain link could not carry it, and a token
 * never goes into a URL). Each fetch is recorded by the server as a view.
 */
export async function fetchDocumentFile(documentId: string, signal?: AbortSignal): Promise<Blob> {
  const token = tokenStore.get();
  const response = await fetch(`/api/admin/kyc/documents/${documentId}/file`, {
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
