import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/**
 * GET /verify-transfer: is this IBAN one of the partner bank accounts, under which holder? A plain call
 * (no query cache): each check is asked once, and the public page needs no query client.
 */
export const verifyTransfer = (iban: string) => api.call(operations.verifyTransfer, { query: { iban } });
