import { ERROR_CODES, type ErrorCode, type ErrorResponse, type FieldError } from "@festgeld/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";

const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/** The error code a zod refinement carries in `params.code` (fastify-type-provider-zod keeps it). */
function appCode(params: unknown): ErrorCode | undefined {
  const code = (params as { params?: { code?: unknown } } | undefined)?.params?.code;
  return typeof code === "string" && isErrorCode(code) ? code : undefined;
}

/** Fastify's own client errors, mapped to our stable codes. */
const FASTIFY_CODES: Record<string, ErrorResponse["code"]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_REQ_FILE_TOO_LARGE: "payload_too_large",
  FST_FILES_LIMIT: "payload_too_large",
  FST_PARTS_LIMIT: "payload_too_large",
  FST_FIELDS_LIMIT: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "unsupported_media_type",
};

const GENERIC_DETAIL: Record<number, string> = {
  400: "The request is not valid",
  401: "Authentication required",
  403: "You do not have permission to do this",
  404: "Not found",
  405: "Method not allowed",
  408: "Request timed out",
  413: "The request is too large",
  415: "Unsupported content type",
  429: "Too many requests, please try again later",
};

/**
 * The one error handler: every error leaves as `{detail, code}` (plus field
 * errors for validation). A 5xx never shows its message or stack.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => ({
        path: [
          error.validationContext,
          ...(issue.instancePath ? issue.instancePath.split("/").filter(Boolean) : []),
        ]
          .filter(Boolean)
          .join("."),
        message: issue.message ?? "Invalid value",
        code: appCode(issue.params) ?? String(issue.keyword),
      }));
      // A refinement may name one of our codes (params.code, e.g. invalid_iban). When that is the
      // request's only problem, answer with it, so the client shows the specific translated text.
      const codes = new Set(fields.map((f) => f.code));
      const [only] = codes;
      const specific = codes.size === 1 && only && isErrorCode(only) ? only : null;
      const body: ErrorResponse = {
        detail: specific ? (fields[0]?.message ?? "Some fields are not valid") : "Some fields are not valid",
        code: specific ?? "validation_failed",
        fields,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      const body: ErrorResponse = { detail: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ detail: "An unexpected error occurred", code: "internal_error" });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        FASTIFY_CODES[error.code] ??
        (status === 429
          ? "rate_limited"
          : status === 404
            ? "not_found"
            : status === 401
              ? "unauthenticated"
              : status === 403
                ? "forbidden"
                : status === 413
                  ? "payload_too_large"
                  : status === 415
                    ? "unsupported_media_type"
                    : "validation_failed");
      // Client errors raised by Fastify itself carry safe messages (bad JSON, body too large...).
      const detail =
        error.message && status !== 429 ? error.message : (GENERIC_DETAIL[status] ?? "Bad request");
      return reply.status(status).send({ detail, code } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(status >= 500 && status < 600 ? status : 500).send({
      detail: "An unexpected error occurred",
      code: status === 503 ? "service_unavailable" : "internal_error",
    } satisfies ErrorResponse);
  });
}
