import type { SanctionsHitDecision, SanctionsList } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

export type HitStatus = "open" | "cleared" | "confirmed" | "all";
const KEY = ["admin-identity"] as const;

export function useSanctionsLists() {
  return useQuery({
    queryKey: [...KEY, "lists"],
    queryFn: ({ signal }) => api.call(operations.adminSanctionsListsList, { signal }),
    // a screening runs in the background: its progress is read again until it has finished
    refetchInterval: (query) =>
      query.state.data?.some((l: SanctionsList) => l.screening?.status === "running") ? 3000 : false,
  });
}

export function useSanctionsHits(status: HitStatus) {
  return useQuery({
    queryKey: [...KEY, "hits", status],
    queryFn: ({ signal }) =>
      api.call(operations.adminSanctionsHitsList, { query: { status, limit: 100 }, signal }),
  });
}

export function usePendingErasures() {
  return useQuery({
    queryKey: [...KEY, "erasures"],
    queryFn: ({ signal }) => api.call(operations.adminErasuresList, { signal }),
  });
}

/** The list file goes up as multipart (the body of this operation is a file, not JSON). */
export function useLoadList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return api.post<SanctionsList>(operations.adminSanctionsListLoad.path, form);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Whether the server offers the demonstration list (every environment but production). */
export function useDemoListAvailable() {
  return useQuery({
    queryKey: [...KEY, "demo-list"],
    queryFn: ({ signal }) => api.call(operations.adminSanctionsDemoListGet, { signal }),
  });
}

export function useLoadDemoList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(operations.adminSanctionsDemoListLoad, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDecideHit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SanctionsHitDecision }) =>
      api.call(operations.adminSanctionsHitDecide, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
