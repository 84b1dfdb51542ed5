import { operations } from "@festgeld/domain/operations";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /verify-transfer: is this IBAN one of the partner bank accounts, under which holder? */
export function useVerifyTransfer() {
  return useMutation({
    mutationFn: (iban: string) => api.call(operations.verifyTransfer, { query: { iban } }),
  });
}
