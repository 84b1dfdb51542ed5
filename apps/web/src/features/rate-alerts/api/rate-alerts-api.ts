import type { RateAlertCreateRequest } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

const RATE_ALERTS_KEY = ["rate-alerts"] as const;

export function useRateAlerts() {
  return useQuery({
    queryKey: RATE_ALERTS_KEY,
    queryFn: ({ signal }) => api.call(operations.rateAlertsList, { signal }),
  });
}

export function useCreateRateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateAlertCreateRequest) => api.call(operations.rateAlertsCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATE_ALERTS_KEY }),
  });
}

export function useDeleteRateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(operations.rateAlertsDelete, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATE_ALERTS_KEY }),
  });
}
