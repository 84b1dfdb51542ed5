import type { KycProfileRequest } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";
import { KYC_STATUS_KEY } from "./kyc-api.ts";

export const PROFILE_KEY = ["kyc", "profile"] as const;

/** The saver's personal data (null before it was entered). */
export function useKycProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api.call(operations.kycProfileGet, { signal }),
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycProfileRequest) => api.call(operations.kycProfilePut, { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(PROFILE_KEY, data);
      void queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY });
    },
  });
}
