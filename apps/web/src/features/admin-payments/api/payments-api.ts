import { operations } from "@festgeld/domain/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ADMIN_KEYS } from "../../../lib/admin-query-keys.ts";
import { ApiError, api } from "../../../lib/api-client.ts";
import { i18n } from "../../../lib/i18n.ts";
import { tokenStore } from "../../../lib/storage.ts";

/** After an order changes, the payments, files, credits, deposits and the audit log read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [
      ADMIN_KEYS.payments,
      ADMIN_KEYS.paymentFiles,
      ADMIN_KEYS.unmatchedCredits,
      ADMIN_KEYS.deposits,
      ADMIN_KEYS.audit,
    ]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
}

export function useCancelPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.call(operations.adminPaymentsCancel, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
}

export function useReorderPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, iban }: { id: string; iban: string }) =>
      api.call(operations.adminPaymentsReorder, {
        params: { id },
        body: iban.trim() ? { creditor_iban: iban } : {},
      }),
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

export function useReturnCredit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.call(operations.adminUnmatchedCreditsReturn, { params: { id } }),
    onSuccess: refresh,
  });
}

/**
 * Downloads a payment file's XML with the bearer token (a link cannot carry it) and hands it to the
 * browser as a file.
 */
export async function downloadPaymentFile(id: string, fileName: string): Promise<void> {
  const token = tokenStore.get();
  const response = await fetch(`/api/admin/payment-files/${encodeURIComponent(id)}`, {
    headers: {
      Accept: "application/xml, application/json",
      "Accept-Language": i18n.language || "en",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ApiError(response.status, body.code ?? "unknown_error", body.detail ?? response.statusText);
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
