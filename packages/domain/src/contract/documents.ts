import { z } from "zod";
import { languageSchema } from "./common.ts";

export const POSTBOX_DOCUMENT_KINDS = [
  "application_confirmation",
  "approval",
  "withdrawal_receipt",
  "funding_confirmation",
  "maturity_statement",
  "closure_statement",
  "holdings_statement",
  "tax_statement",
] as const;

/** One PDF in the saver's postbox; issued once, never changed. */
export const postboxDocumentSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(POSTBOX_DOCUMENT_KINDS),
    title: z.string().describe("Title in the language the document was issued in"),
    language: languageSchema,
    size_bytes: z
      .number()
      .int()
      .nullable()
      .describe(
        "Size of the PDF; null until a statement issued with a batch (a day's maturities) is first downloaded, which renders it",
      ),
    created_at: z.string().describe("ISO 8601 timestamp of issue"),
    read: z.boolean().describe("Downloaded by the saver at least once"),
  })
  .meta({ id: "PostboxDocument" });
export type PostboxDocument = z.infer<typeof postboxDocumentSchema>;

export const postboxDocumentListSchema = z.array(postboxDocumentSchema);
