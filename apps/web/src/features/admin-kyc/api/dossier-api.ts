import type { Dossier, ProfileDecisionRequest } from "@festgeld/domain";
import { fillPath, operations } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const key = (userId: string) => ["admin-kyc", "dossier", userId] as const;

export function useDossier(userId: string) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) =>
      api.get<Dossier>(fillPath(operations.adminDossier.path, { id: userId }), undefined, signal),
  });
}

export function useProfileDecision(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileDecisionRequest) =>
      api.patch<Dossier>(fillPath(operations.adminProfileDecide.path, { id: userId }), body),
    onSuccess: (data) => queryClient.setQueryData(key(userId), data),
  });
}

export function useAddNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post(fillPath(operations.adminNotesAdd.path, { id: userId }), { text }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(userId) }),
  });
}
