import type { ProfileDecisionRequest } from "@festgeld/domain";
import { operations } from "@festgeld/domain/operations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const key = (userId: string) => ["admin-kyc", "dossier", userId] as const;

export function useDossier(userId: string) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => api.call(operations.adminDossier, { params: { id: userId }, signal }),
  });
}

export function useProfileDecision(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileDecisionRequest) =>
      api.call(operations.adminProfileDecide, { params: { id: userId }, body }),
    onSuccess: (data) => queryClient.setQueryData(key(userId), data),
  });
}

export function useAddNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.call(operations.adminNotesAdd, { params: { id: userId }, body: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(userId) }),
  });
}
