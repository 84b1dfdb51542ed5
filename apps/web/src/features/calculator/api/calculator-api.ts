import type { CalculateRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** The server's calculation: the figures shown are always its answer. */
export const calculate = (body: CalculateRequest) => api.call(operations.calculate, { body });
