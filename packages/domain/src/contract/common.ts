import { z } from "zod";
import { LANGUAGES, LIMITS } from "../constants.ts";

/** ?limit=&offset= for every list that can grow; total in X-Total-Count. */
export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const languageSchema = z.enum(LANGUAGES);

export const idParamSchema = z.object({ id: z.string().uuid() });

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** A trimmed, non-empty, bounded piece of text. */
export const text = (max: number) => z.string().trim().min(1).max(max);

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .email()
  .transform((value) => value.toLowerCase());
