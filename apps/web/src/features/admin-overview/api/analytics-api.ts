import { operations } from "@festgeld/domain/operations";
import { api } from "../../../lib/api-client.ts";

/** The back office's figures (SPEC.md section 7). */
export const fetchAnalytics = (signal?: AbortSignal) => api.call(operations.adminAnalytics, { signal });
