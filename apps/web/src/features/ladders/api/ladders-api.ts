import type { LadderCreateRequest } from "@festgeld/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** POST /ladders; the dashboard's lists are read again afterwards. */
export function useCreateLadder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LadderCreateRequest) => api.call(operations.laddersCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
