import {
  fillPath,
  operations,
  type SanctionsHit,
  type SanctionsHitDecision,
  type SanctionsList,
  type SuccessBody,
} from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../../lib/api-client.ts";

export type HitStatus = "open" | "cleared" | "confirmed" | "all";
const KEY = ["admin-identity"] as const;

export function useSanctionsLists() {
  return useQuery({
    queryKey: [...KEY, "lists"],
    queryFn: ({ signal }) =>
      api.get<SanctionsList[]>(operations.adminSanctionsListsList.path, undefined, signal),
  });
}

export function useSanctionsHits(status: HitStatus) {
  return useQuery({
    queryKey: [...KEY, "hits", status],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<SanctionsHit[]>(operations.adminSanctionsHitsList.path, {
          query: { status, limit: 100 },
          signal,
        })
      ).data,
  });
}

export function usePendingErasures() {
  return useQuery({
    queryKey: [...KEY, "erasures"],
    queryFn: ({ signal }) =>
      api.get<SuccessBody<typeof operations.adminErasuresList>>(
        operations.adminErasuresList.path,
        undefined,
        signal,
      ),
  });
}

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

export function useDecideHit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SanctionsHitDecision }) =>
      api.patch<SanctionsHit>(fillPath(operations.adminSanctionsHitDecide.path, { id }), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
