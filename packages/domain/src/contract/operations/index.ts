import type { Operation } from "../operation.ts";
import { adminOperations } from "./admin.ts";
import { applicationsOperations } from "./applications.ts";
import { authOperations } from "./auth.ts";
import { banksOperations } from "./banks.ts";
import { calculatorOperations } from "./calculator.ts";
import { contactOperations } from "./contact.ts";
import { depositsOperations } from "./deposits.ts";
import { documentsOperations } from "./documents.ts";
import { healthOperations } from "./health.ts";
import { identityOperations } from "./identity.ts";
import { kycOperations } from "./kyc.ts";
import { ledgerOperations } from "./ledger.ts";
import { messagesOperations } from "./messages.ts";
import { newsletterOperations } from "./newsletter.ts";
import { notificationsOperations } from "./notifications.ts";
import { docsOperations } from "./openapi.ts";
import { packagesOperations } from "./packages.ts";
import { passkeyOperations } from "./passkeys.ts";
import { paymentsOperations } from "./payments.ts";
import { securityOperations } from "./security.ts";
import { toolsOperations } from "./tools.ts";

/**
 * Every API operation, by operationId (one file per module). A route exists on the server only
 * through an entry here; the access-matrix test checks both ways.
 */
export const operations = {
  ...healthOperations,
  ...docsOperations,
  ...packagesOperations,
  ...banksOperations,
  ...contactOperations,
  ...newsletterOperations,
  ...notificationsOperations,
  ...adminOperations,
  ...authOperations,
  ...securityOperations,
  ...passkeyOperations,
  ...calculatorOperations,
  ...applicationsOperations,
  ...kycOperations,
  ...depositsOperations,
  ...messagesOperations,
  ...documentsOperations,
  ...identityOperations,
  ...ledgerOperations,
  ...toolsOperations,
  ...paymentsOperations,
} as const;

export type OperationId = keyof typeof operations;

export const operationList: readonly Operation[] = Object.values(operations);

export { openApiDocumentSchema } from "./openapi.ts";
