import type { FundingRequest } from "@festgeld/domain";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ADMIN_KEYS, useRefreshAdminViews } from "../../../lib/admin-query-keys.ts";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** After money is booked every deposit view, the figures and the audit log read again. */
function useRefreshAfterBooking() {
  return useRefreshAdminViews([
    ADMIN_KEYS.deposits,
    ADMIN_KEYS.depositSummary,
    ADMIN_KEYS.statements,
    ADMIN_KEYS.applications,
    ADMIN_KEYS.analytics,
    ADMIN_KEYS.jobs,
    ADMIN_KEYS.audit,
    ADMIN_KEYS.payments,
    ADMIN_KEYS.unmatchedCredits,
    ADMIN_KEYS.bankExceptions,
  ]);
}

/** Staff record a receipt for a deposit awaiting funds. */
export function useRecordFunding() {
  const refresh = useRefreshAfterBooking();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FundingRequest }) =>
      api.call(operations.adminDepositsFund, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** A camt.053 statement: a dry run shows the matches, the real run books them. */
export function useImportStatement() {
  const refresh = useRefreshAfterBooking();
  return useMutation({
    mutationFn: (body: { xml: string; dry_run: boolean }) =>
      api.call(operations.adminBankStatementsImport, { body }),
    onSuccess: (result) => {
      if (!result.dry_run) refresh();
    },
  });
}

export function useJobsOverview() {
  return useQuery({
    queryKey: ADMIN_KEYS.jobs,
    queryFn: ({ signal }) => api.call(operations.adminJobsOverview, { signal }),
  });
}
