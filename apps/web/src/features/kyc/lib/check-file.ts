import {
  KYC_ALLOWED_CONTENT_TYPES,
  type KycContentType,
  type KycDocumentType,
  LIMITS,
} from "@festgeld/domain/constants";

/** File extensions the picker offers per content type (.jpg, .jpeg, .png, .pdf). */
const EXTENSIONS: Record<KycContentType, string[]> = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "application/pdf": [".pdf"],
};

/** The picker's `accept` attribute for a document type. */
export function acceptFor(type: KycDocumentType): string {
  return KYC_ALLOWED_CONTENT_TYPES[type].flatMap((mime) => [mime, ...EXTENSIONS[mime]]).join(",");
}

export type KycFileProblem = "invalidType" | "invalidSelfieType" | "tooLarge" | "empty";

/**
 * The browser's check before sending (the server decides by the file's content): type by declared
 * type or, when the browser knows none, by extension; at most 5 MB; not empty.
 */
export function checkKycFile(file: Pick<File, "name" | "size" | "type">, type: KycDocumentType) {
  const allowed = KYC_ALLOWED_CONTENT_TYPES[type];
  const name = file.name.toLowerCase();
  const byExtension = allowed.some((mime) => EXTENSIONS[mime].some((ext) => name.endsWith(ext)));
  const declared = file.type.toLowerCase();
  const byType =
    declared === "image/jpg" ? allowed.includes("image/jpeg") : allowed.includes(declared as never);
  if (!(declared ? byType : byExtension)) return type === "selfie" ? "invalidSelfieType" : "invalidType";
  if (file.size > LIMITS.kycMaxFileBytes) return "tooLarge";
  if (file.size === 0) return "empty";
  return null;
}
