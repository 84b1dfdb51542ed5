import {
  adminPackageListSchema,
  adminPackageSchema,
  packageCreateRequestSchema,
  packageUpdateRequestSchema,
} from "../admin.ts";
import { idParamSchema } from "../common.ts";
import { defineOperation, empty, json } from "../operation.ts";
import { packageListSchema, packagesQuerySchema } from "../packages.ts";

export const packagesOperations = {
  packagesList: defineOperation({
    id: "packagesList",
    method: "GET",
    path: "/packages",
    access: "public",
    tags: ["packages"],
    summary: "Active deposit packages, ordered by term; features in the request's language",
    description: "Cacheable: answers 304 when If-None-Match carries the current ETag.",
    query: packagesQuerySchema,
    responses: {
      200: json(packageListSchema, "The active packages"),
      304: empty("Not modified: the ETag sent in If-None-Match is still current"),
    },
    headers: ["ETag"],
  }),
  adminPackagesList: defineOperation({
    id: "adminPackagesList",
    method: "GET",
    path: "/admin/packages",
    access: "admin",
    tags: ["packages", "admin"],
    summary: "Every package, active and inactive, with features in every language",
    responses: { 200: json(adminPackageListSchema, "Every package") },
  }),
  adminPackagesCreate: defineOperation({
    id: "adminPackagesCreate",
    method: "POST",
    path: "/admin/packages",
    access: "admin",
    tags: ["packages", "admin"],
    summary: "Create a package",
    body: packageCreateRequestSchema,
    responses: { 201: json(adminPackageSchema, "The created package") },
  }),
  adminPackagesUpdate: defineOperation({
    id: "adminPackagesUpdate",
    method: "PATCH",
    path: "/admin/packages/:id",
    access: "admin",
    tags: ["packages", "admin"],
    summary: "Change a package's rate, limits, features or availability (is_active)",
    description: "Existing applications keep the rate and term they were made with.",
    params: idParamSchema,
    body: packageUpdateRequestSchema,
    responses: { 200: json(adminPackageSchema, "The changed package") },
    // 409: a new bank for a package that was already applied for (package_bank_locked).
    errors: [409],
  }),
} as const;
