// Table types of the KYC area; its migrations are numbered 0030-0039.
import type { KycContentType, KycDocumentType, KycNewUploadReason } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface KycDocumentsTable {
  id: string;
  seq: ColumnType<bigint, never, never>;
  user_id: string;
  document_type: KycDocumentType;
  status: Generated<"pending" | "approved" | "rejected">;
  storage_key: string;
  content_type: KycContentType;
  size_bytes: number;
  sha256: string;
  original_name: string | null;
  rejection_code: KycNewUploadReason | null;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KycReviewsTable {
  id: Generated<string>;
  document_id: string;
  actor_id: string;
  action: "view_file" | "approve" | "reject" | "request_new_upload";
  reason_code: KycNewUploadReason | null;
  reason: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface KycTables {
  kyc_documents: KycDocumentsTable;
  kyc_reviews: KycReviewsTable;
}
