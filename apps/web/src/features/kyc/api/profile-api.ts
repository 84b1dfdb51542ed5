import type { KycProfileRequest, SuccessBody } from "@festgeld/domain";
import { operations } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { KYC_STATUS_KEY } from "./kyc-api.ts";

type ProfileResponse = SuccessBody<typeof operations.kycProfileGet>;
export const PROFILE_KEY = ["kyc", "profile"] as const;

/** The saver's personal data (null before it was entered). */
export function useKycProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) => api.get<ProfileResponse>(operations.kycProfileGet.path, undefined, signal),
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycProfileRequest) => api.put<ProfileResponse>(operations.kycProfilePut.path, body),
    onSuccess: (data) => {
      queryClient.setQueryData(PROFILE_KEY, data);
      void queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY });
    },
  });
}
