import { postboxDocumentSchema } from "../documents.ts";
import {
  holdingsStatementRequestSchema,
  reconciliationQuerySchema,
  reconciliationRunListSchema,
  reconciliationRunsQuerySchema,
  reconciliationSchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from "../ledger.ts";
import { defineOperation, json } from "../operation.ts";

export const ledgerOperations = {
  ledgerTrialBalance: defineOperation({
    id: "ledgerTrialBalance",
    method: "GET",
    path: "/admin/ledger/trial-balance",
    access: "admin",
    tags: ["admin"],
    summary: "Every journal account's balance at the end of a day (by effective date); the total is 0",
    query: trialBalanceQuerySchema,
    responses: { 200: json(trialBalanceSchema, "The trial balance") },
  }),
  ledgerReconciliation: defineOperation({
    id: "ledgerReconciliation",
    method: "GET",
    path: "/admin/reconciliation",
    access: "admin",
    tags: ["admin"],
    summary: "A partner bank account's book balance against the imported statement's closing balance",
    description:
      "Compares the cash account of the IBAN at the end of the day with the CLBD of the statement imported " +
      "for that account and day, and lists each difference: booked here, not at the bank, and at the bank, not here.",
    query: reconciliationQuerySchema,
    responses: { 200: json(reconciliationSchema, "The comparison and its differences") },
  }),
  ledgerReconciliationRuns: defineOperation({
    id: "ledgerReconciliationRuns",
    method: "GET",
    path: "/admin/reconciliation/runs",
    access: "admin",
    tags: ["admin"],
    summary: "The daily reconciliation's recorded results, newest day first",
    query: reconciliationRunsQuerySchema,
    responses: { 200: json(reconciliationRunListSchema, "One page of runs") },
    paged: true,
  }),
  ledgerHoldingsStatement: defineOperation({
    id: "ledgerHoldingsStatement",
    method: "POST",
    path: "/documents/holdings-statement",
    access: "user",
    tags: ["documents"],
    summary: "Issue a statement of holdings for a day into the saver's postbox (PDF, from the books)",
    description:
      "A day after today is refused (400 date_in_future). One document per day asked and day of issue: asking again the same day answers the one issued (200).",
    body: holdingsStatementRequestSchema,
    responses: {
      201: json(postboxDocumentSchema, "The issued document"),
      200: json(postboxDocumentSchema, "The document issued earlier today for that day"),
    },
    rateLimited: true,
  }),
} as const;
