import type { ApplicationCreateRequest } from "@festgeld/domain";
import { operations } from "@festgeld/domain/operations";
import { api } from "../../../lib/api-client.ts";

/** Submits an application. */
export const createApplication = (body: ApplicationCreateRequest) =>
  api.call(operations.applicationsCreate, { body });
