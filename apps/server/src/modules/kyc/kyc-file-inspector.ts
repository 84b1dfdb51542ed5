import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import {
  KYC_ALLOWED_CONTENT_TYPES,
  type KycContentType,
  type KycDocumentType,
  LIMITS,
} from "@festgeld/domain";
import { fileTypeFromBuffer } from "file-type";
import { AppError, badRequest } from "../../lib/errors.ts";

/** file-type reads at most this many bytes to decide a type. */
const SNIFF_BYTES = 4100;

export const fileTooLarge = () =>
  new AppError(413, "kyc_file_too_large", "File too large. Maximum 5MB allowed");
export const invalidFileType = (type: KycDocumentType) =>
  new AppError(
    415,
    "kyc_invalid_file_type",
    type === "selfie"
      ? "Invalid file type. The selfie must be a JPG or PNG image"
      : "Invalid file type. Only JPG, PNG, and PDF allowed",
  );
export const emptyFile = () => badRequest("kyc_file_empty", "The file is empty");

/**
 * Passes an upload through on its way to storage while checking it: the type from its first bytes
 * (magic bytes, never the name or declared type), the size (at most LIMITS.kycMaxFileBytes, also when
 * the multipart parser cut it short) and a SHA-256 of the content. Any failure ends the stream with an
 * AppError before the rest is read, so a wrong or oversized file is never written whole.
 */
export class UploadInspector extends Transform {
  bytes = 0;
  contentType: KycContentType | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;
  private readonly hash = createHash("sha256");

  constructor(
    private readonly documentType: KycDocumentType,
    /** True once the multipart parser truncated the file at its size limit. */
    private readonly truncated: () => boolean,
  ) {
    super();
  }

  get sha256() {
    return this.hash.digest("hex");
  }

  private async decide() {
    const sample = Buffer.concat(this.head);
    this.head = [];
    const detected = await fileTypeFromBuffer(sample);
    const allowed = KYC_ALLOWED_CONTENT_TYPES[this.documentType];
    const mime = detected?.mime as KycContentType | undefined;
    if (!mime || !allowed.includes(mime)) throw invalidFileType(this.documentType);
    this.contentType = mime;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > LIMITS.kycMaxFileBytes || this.truncated()) return done(fileTooLarge());
    this.hash.update(chunk);
    if (this.contentType) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done(null, chunk);
    this.decide().then(
      () => done(null, chunk),
      (error: Error) => done(error),
    );
  }

  override _flush(done: TransformCallback) {
    if (this.truncated()) return done(fileTooLarge());
    if (this.bytes === 0) return done(emptyFile());
    if (this.contentType) return done();
    this.decide().then(
      () => done(),
      (error: Error) => done(error),
    );
  }
}

/**
 * The uploaded file name for display: without any path, control or bidirectional-override characters,
 * at most 200 characters. It never names a file on disk.
 */
export function cleanFileName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, 200);
  return cleaned || null;
}
