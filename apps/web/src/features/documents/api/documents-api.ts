import type { PostboxDocument } from "@festgeld/domain";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n.ts";
import { tokenStore } from "../../../lib/storage.ts";

export const DOCUMENTS_KEY = ["documents"] as const;

/** The signed-in saver's postbox (GET /documents), newest first. */
export function useDocuments() {
  return useQuery({
    queryKey: DOCUMENTS_KEY,
    queryFn: ({ signal }) => api.get<PostboxDocument[]>("/documents", { limit: 100 }, signal),
  });
}

/**
 * Downloads one PDF (GET /documents/{id}) with the bearer token and hands it to the browser as a file.
 * A link cannot carry the token, so the file is fetched and saved from a blob.
 */
export async function downloadDocument(id: string, fileName: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(`/api/documents/${encodeURIComponent(id)}`, {
    headers: {
      Accept: "application/pdf, application/json",
      "Accept-Language": i18n.language || "en",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ApiError(response.status, body.code ?? "unknown_error", body.detail ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
