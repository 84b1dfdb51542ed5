import type { BankCreateRequest, BankUpdateRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

export const fetchAdminBanks = (signal?: AbortSignal) => api.call(operations.adminBanksList, { signal });

export const createBank = (body: BankCreateRequest) => api.call(operations.adminBanksCreate, { body });

export const updateBank = (id: string, body: BankUpdateRequest) =>
  api.call(operations.adminBanksUpdate, { params: { id }, body });

/** Uploads a logo as multipart (field "file"). */
export function uploadBankLogo(id: string, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.call(operations.adminBanksLogo, { params: { id }, body: form as never });
}
