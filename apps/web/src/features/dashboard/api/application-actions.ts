import type { Application } from "@festgeld/domain";
import type { MaturityInstruction } from "@festgeld/domain/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";
import { MY_APPLICATIONS_KEY } from "./use-my-applications.ts";

/** Withdraws from an approved application; the answer replaces it in the cached list at once. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(operations.applicationsWithdraw, { params: { id } }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Application[]>(MY_APPLICATIONS_KEY, (list) =>
        list?.map((a) => (a.id === updated.id ? updated : a)),
      );
    },
  });
}

/** The EPC QR code (GiroCode) of a deposit awaiting funds. */
export function useTransferQr(depositId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["deposits", depositId, "transfer-qr"],
    queryFn: ({ signal }) => api.call(operations.depositsTransferQr, { params: { id: depositId }, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Changes what happens at maturity; the applications are read again so every figure stays current. */
export function useChangeInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      maturity_instruction,
      renew_min_rate,
    }: {
      id: string;
      maturity_instruction: MaturityInstruction;
      renew_min_rate?: number | undefined;
    }) =>
      api.call(operations.depositsChangeInstruction, {
        params: { id },
        body: { maturity_instruction, ...(renew_min_rate === undefined ? {} : { renew_min_rate }) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_APPLICATIONS_KEY }),
  });
}
