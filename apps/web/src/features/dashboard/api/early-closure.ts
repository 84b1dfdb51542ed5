import type { EarlyClosureRequest } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";
import { MY_APPLICATIONS_KEY } from "./use-my-applications.ts";

/** What closing the deposit today would pay; fetched only when the saver asks. */
export function useEarlyClosureQuote(depositId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["deposits", depositId, "early-closure"],
    queryFn: ({ signal }) =>
      api.call(operations.depositsEarlyClosureQuote, { params: { id: depositId }, signal }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** Closes the deposit with the payout the saver confirmed; the applications are read again. */
export function useCloseEarly(depositId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EarlyClosureRequest) =>
      api.call(operations.depositsCloseEarly, { params: { id: depositId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_KEY }),
  });
}
