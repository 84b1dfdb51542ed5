import type { ProfileDecisionRequest } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

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

const accountKey = (userId: string) => ["admin-kyc", "account", userId] as const;

/** Whether the saver's address is confirmed (the account's security state). */
export function useAccountStatus(userId: string) {
  return useQuery({
    queryKey: accountKey(userId),
    queryFn: ({ signal }) => api.call(operations.adminUserAccount, { params: { id: userId }, signal }),
  });
}

/** A new confirmation link to the saver's address; the account's new state comes back. */
export function useSendVerification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(operations.adminUserSendVerification, { params: { id: userId } }),
    onSuccess: (data) => queryClient.setQueryData(accountKey(userId), data),
  });
}
