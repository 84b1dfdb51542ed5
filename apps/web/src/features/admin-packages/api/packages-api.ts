import type { PackageCreateRequest, PackageUpdateRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** Every package, active or withdrawn, with all its languages. */
export const fetchAdminPackages = (signal?: AbortSignal) =>
  api.call(operations.adminPackagesList, { signal });

export const createPackage = (body: PackageCreateRequest) =>
  api.call(operations.adminPackagesCreate, { body });

export const updatePackage = (id: string, body: PackageUpdateRequest) =>
  api.call(operations.adminPackagesUpdate, { params: { id }, body });

/** The partner banks a package can belong to. */
export const fetchBanksForPackages = (signal?: AbortSignal) =>
  api.call(operations.adminBanksList, { signal });
