import type { ApplicationCreateRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** Submits an application. */
export const createApplication = (body: ApplicationCreateRequest) =>
  api.call(operations.applicationsCreate, { body });
