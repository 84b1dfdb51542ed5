import type { BankExceptionActionCode } from "@festgeld/domain";
import { useMutation } from "@tanstack/react-query";
import { ADMIN_KEYS, useRefreshAdminViews } from "../../../lib/admin-query-keys.ts";
import { api, downloadFile } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** After an order changes, the payments, files, credits, deposits and the audit log read again. */
function useRefresh() {
  return useRefreshAdminViews([
    ADMIN_KEYS.payments,
    ADMIN_KEYS.paymentFiles,
    ADMIN_KEYS.unmatchedCredits,
    ADMIN_KEYS.bankExceptions,
    ADMIN_KEYS.deposits,
    ADMIN_KEYS.audit,
  ]);
}

export function useCancelPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.call(operations.adminPaymentsCancel, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

/** A corrected payee: only what staff typed is sent. */
function correction({ iban, name }: { iban: string; name: string }) {
  return {
    ...(iban.trim() ? { creditor_iban: iban } : {}),
    ...(name.trim() ? { creditor_name: name.trim() } : {}),
  };
}

export function useReorderPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, iban, name }: { id: string; iban: string; name: string }) =>
      api.call(operations.adminPaymentsReorder, { params: { id }, body: correction({ iban, name }) }),
    onSuccess: refresh,
  });
}

/** Releases an order awaiting release, or corrects and releases a held one. */
export function useReleasePayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, iban = "", name = "" }: { id: string; iban?: string; name?: string }) =>
      api.call(operations.adminPaymentsRelease, { params: { id }, body: correction({ iban, name }) }),
    onSuccess: refresh,
  });
}

export function useCreatePaymentFiles() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (account: string) =>
      api.call(operations.adminPaymentFilesCreate, { body: account ? { account } : {} }),
    onSuccess: refresh,
  });
}

/** Staff settle an exception, or ask for a second person's release (return to payer, write-off). */
export function useExceptionAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      action: BankExceptionActionCode;
      reason?: string;
      deposit_id?: string;
    }) => api.call(operations.adminBankExceptionsAct, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** A second staff member releases what another asked for. */
export function useReleaseException() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.call(operations.adminBankExceptionsRelease, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Downloads a payment file's XML (GET /admin/payment-files/{id}) as a file. */
export function downloadPaymentFile(id: string, fileName: string): Promise<void> {
  return downloadFile(`/admin/payment-files/${encodeURIComponent(id)}`, "application/xml", fileName);
}
