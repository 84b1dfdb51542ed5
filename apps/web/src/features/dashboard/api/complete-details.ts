import type { Application, ApplicationDetailsRequest } from "@festgeld/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";
import { APPROVAL_CHECKLIST_KEY } from "./approval-checklist.ts";
import { MY_APPLICATIONS_KEY } from "./use-my-applications.ts";

/** Gives the missing details of a pending application; the answer replaces it in the cached list. */
export function useCompleteDetails(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationDetailsRequest) =>
      api.call(operations.applicationsCompleteDetails, { params: { id }, body }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Application[]>(MY_APPLICATIONS_KEY, (list) =>
        list?.map((a) => (a.id === updated.id ? updated : a)),
      );
      void queryClient.invalidateQueries({ queryKey: APPROVAL_CHECKLIST_KEY });
    },
  });
}
