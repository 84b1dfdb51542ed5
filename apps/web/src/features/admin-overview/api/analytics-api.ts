import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** The back office's figures. */
export const fetchAnalytics = (signal?: AbortSignal) => api.call(operations.adminAnalytics, { signal });

/** Money figures of the deposits, from the ledger. */
export const fetchDepositSummary = (signal?: AbortSignal) =>
  api.call(operations.adminDepositsSummary, { signal });

/** The partner banks with what savers placed at each (the exposure per bank). */
export const fetchBankExposure = (signal?: AbortSignal) => api.call(operations.adminBanksList, { signal });
