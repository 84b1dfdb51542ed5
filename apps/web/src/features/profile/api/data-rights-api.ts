import { ApiError, api } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n.ts";
import { operations } from "../../../lib/operations.ts";
import { tokenStore } from "../../../lib/storage.ts";

/** The export zip, fetched with the bearer token (a token never goes into a link). */
export async function downloadExport(): Promise<Blob> {
  const token = tokenStore.get();
  const response = await fetch(`/api${operations.meExport.path}`, {
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      "Accept-Language": i18n.language || "en",
    },
  });
  if (!response.ok) throw new ApiError(response.status, "export_failed", response.statusText);
  return response.blob();
}

export const closeAccount = (password: string) => api.call(operations.meClose, { body: { password } });
