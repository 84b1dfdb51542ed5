import type { CalculateRequest } from "@festgeld/domain";
import { operations } from "@festgeld/domain/operations";
import { api } from "../../../lib/api-client.ts";

/** The server's calculation: the figures shown are always its answer. */
export const calculate = (body: CalculateRequest) => api.call(operations.calculate, { body });
