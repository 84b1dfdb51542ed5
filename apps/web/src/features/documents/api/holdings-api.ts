import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";
import { DOCUMENTS_KEY } from "./documents-api.ts";

/** Issues a statement of holdings for a day into the postbox (POST /documents/holdings-statement). */
export function useIssueHoldingsStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.call(operations.ledgerHoldingsStatement, { body: { date } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
