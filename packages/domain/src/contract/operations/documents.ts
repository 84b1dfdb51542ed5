import { idParamSchema, paginationQuerySchema } from "../common.ts";
import { postboxDocumentListSchema } from "../documents.ts";
import { binary, defineOperation, json } from "../operation.ts";

export const documentsOperations = {
  documentsList: defineOperation({
    id: "documentsList",
    method: "GET",
    path: "/documents",
    access: "user",
    tags: ["documents"],
    summary: "The signed-in saver's postbox: PDF documents, newest first, with an unread marker",
    query: paginationQuerySchema,
    responses: { 200: json(postboxDocumentListSchema, "One page of documents") },
    paged: true,
  }),
  documentsDownload: defineOperation({
    id: "documentsDownload",
    method: "GET",
    path: "/documents/:id",
    access: "user",
    tags: ["documents"],
    summary: "Download one of the signed-in saver's documents (PDF); marks it read",
    description: "Another saver's document, or an unknown id, is 404.",
    params: idParamSchema,
    responses: { 200: binary(["application/pdf"], "The PDF document") },
    // 500: the document store failed or the file did not authenticate.
    errors: [500],
  }),
} as const;
