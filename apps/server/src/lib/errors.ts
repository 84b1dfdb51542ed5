import type { ErrorCode, FieldError } from "@festgeld/domain";

/** An error a client may see: status, stable code and English detail. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    detail: string,
    public readonly fields?: FieldError[],
  ) {
    super(detail);
    this.name = "AppError";
  }
}

export const badRequest = (code: ErrorCode, detail: string, fields?: FieldError[]) =>
  new AppError(400, code, detail, fields);
export const unauthenticated = (detail = "Authentication required", code: ErrorCode = "unauthenticated") =>
  new AppError(401, code, detail);
export const forbidden = (detail = "You do not have permission to do this") =>
  new AppError(403, "forbidden", detail);
export const notFound = (code: ErrorCode, detail: string) => new AppError(404, code, detail);
export const conflict = (code: ErrorCode, detail: string) => new AppError(409, code, detail);

/** A PostgreSQL unique violation (23505): another request stored the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
