import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** The deposit with its plan (GET /deposits/{id}): read for a deposit that pays interest monthly. */
export function useDepositPlan(depositId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["deposits", depositId, "detail"],
    queryFn: ({ signal }) => api.call(operations.depositsGet, { params: { id: depositId }, signal }),
    enabled,
    select: (detail) => detail.plan,
  });
}
