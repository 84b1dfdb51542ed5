import type { PostboxDocument } from "@festgeld/domain";
import { useQuery } from "@tanstack/react-query";
import { api, downloadFile } from "../../../lib/api-client.ts";

export const DOCUMENTS_KEY = ["documents"] as const;

/** The signed-in saver's postbox (GET /documents), newest first. */
export function useDocuments() {
  return useQuery({
    queryKey: DOCUMENTS_KEY,
    queryFn: ({ signal }) => api.get<PostboxDocument[]>("/documents", { limit: 100 }, signal),
  });
}

/** Downloads one PDF (GET /documents/{id}) as a file. */
export function downloadDocument(id: string, fileName: string): Promise<void> {
  return downloadFile(`/documents/${encodeURIComponent(id)}`, "application/pdf", fileName);
}
