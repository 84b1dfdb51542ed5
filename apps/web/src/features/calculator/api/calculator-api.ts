import { type CalculateRequest, operations } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";

/** The server's calculation (SPEC.md section 9): the figures shown are always its answer. */
export const calculate = (body: CalculateRequest) => api.call(operations.calculate, { body });
