import type { Application } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../../lib/api-client.ts";

export const MY_APPLICATIONS_KEY = ["applications", "me"] as const;

/**
 * All of the signed-in user's applications. The list is paginated on the server;
 * the dashboard's figures need every application, so pages are read until X-Total-Count is reached
 * (one request for any realistic saver).
 */
async function fetchAll(signal: AbortSignal): Promise<Application[]> {
  const all: Application[] = [];
  for (;;) {
    const { data, headers } = await apiRequest<Application[]>("/applications/me", {
      query: { limit: LIMITS.pageSizeMax, offset: all.length },
      signal,
    });
    all.push(...data);
    const total = Number(headers.get("X-Total-Count") ?? all.length);
    if (data.length === 0 || all.length >= total) return all;
  }
}

export function useMyApplications(enabled: boolean) {
  return useQuery({
    queryKey: MY_APPLICATIONS_KEY,
    queryFn: ({ signal }) => fetchAll(signal),
    enabled,
  });
}

/** Withdraws from an approved application; the answer replaces it in the cached list at once. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Application>(`/applications/${id}/withdraw`),
    onSuccess: (updated) => {
      queryClient.setQueryData<Application[]>(MY_APPLICATIONS_KEY, (list) =>
        list?.map((a) => (a.id === updated.id ? updated : a)),
      );
    },
  });
}
