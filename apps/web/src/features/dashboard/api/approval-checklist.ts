import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

export const APPROVAL_CHECKLIST_KEY = ["me", "approval-checklist"] as const;

/** What must still happen before the saver's applications can be approved (the server decides). */
export function useApprovalChecklist(enabled = true) {
  return useQuery({
    queryKey: APPROVAL_CHECKLIST_KEY,
    queryFn: ({ signal }) => api.call(operations.meApprovalChecklist, { signal }),
    enabled,
  });
}
