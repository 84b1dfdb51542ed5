import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { declaredStatuses, type OperationId, operations } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";

/**
 * Records the status of every answer of an API operation during a test file, so that the file's
 * last step can check each one is declared in the operation table (the published contract must
 * list every status an operation really answers with).
 */
export interface Observation {
  operationId: string;
  status: number;
  method: string;
  url: string;
}

const observed: Observation[] = [];

export function recordStatuses(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    const operationId = request.routeOptions.config?.operationId;
    if (!operationId) return;
    observed.push({ operationId, status: reply.statusCode, method: request.method, url: request.url });
  });
}

/** Observed statuses the table does not declare, one line each. */
export function undeclaredStatuses(): string[] {
  const problems = new Set<string>();
  for (const { operationId, status, method, url } of observed) {
    const operation = operations[operationId as OperationId];
    if (!operation) {
      problems.add(`${operationId}: not in the operation table`);
      continue;
    }
    if (method === "HEAD") continue;
    if (!declaredStatuses(operation).includes(status)) {
      problems.add(`${operationId} answered ${status} (e.g. ${method} ${url.slice(0, 80)}), not declared`);
    }
  }
  return [...problems];
}

/** Writes this file's observations where the run's summary (global teardown) reads them. */
export function saveObservations(fileName: string) {
  const dir = process.env.FESTGELD_STATUS_DIR;
  if (!dir || observed.length === 0) return;
  mkdirSync(dir, { recursive: true });
  const unique = [...new Set(observed.map((o) => `${o.operationId} ${o.status}`))];
  writeFileSync(join(dir, `${fileName.replace(/[^\w.-]+/g, "_")}.json`), JSON.stringify(unique));
}
