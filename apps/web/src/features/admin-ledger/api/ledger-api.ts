import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** The books' query keys (this feature's own: nothing outside it changes the books). */
export const LEDGER_KEYS = {
  trialBalance: ["admin", "ledger", "trial-balance"] as const,
  reconciliation: ["admin", "ledger", "reconciliation"] as const,
  runs: ["admin", "ledger", "reconciliation-runs"] as const,
};

/** Every account's balance at the end of a day. */
export function useTrialBalance(date: string) {
  return useQuery({
    queryKey: [...LEDGER_KEYS.trialBalance, date],
    queryFn: ({ signal }) => api.call(operations.ledgerTrialBalance, { query: { date }, signal }),
    enabled: date !== "",
    placeholderData: keepPreviousData,
  });
}

/** One partner bank account's books against its statement at the end of a day. */
export function useReconciliation(date: string, account: string) {
  return useQuery({
    queryKey: [...LEDGER_KEYS.reconciliation, date, account],
    queryFn: ({ signal }) => api.call(operations.ledgerReconciliation, { query: { date, account }, signal }),
    enabled: date !== "" && account !== "",
  });
}
