import path from "node:path";
import type { S3Settings } from "../config/env.ts";
import type { RotatableDocumentStorage } from "./document-store.ts";
import { documentKeyLoader } from "./key-ring.ts";
import { LocalDocumentStorage } from "./local-store.ts";

export interface DocumentStorageSettings {
  dataDir: string;
  configuredKey?: string | undefined;
  /** Keys documents may still be under during a rotation (DOCUMENT_KEY_PREVIOUS): read, never written. */
  previousKeys?: string[] | undefined;
  /** Keep documents in this S3 bucket (DOCUMENT_STORE=s3) instead of under DATA_DIR. */
  s3?: S3Settings | undefined;
}

/**
 * The configured store (files under DATA_DIR, or the S3 bucket) with its keys; `close` releases the
 * S3 client. Used by the server and by the key rotation command.
 */
export async function openDocumentStorage(
  opts: DocumentStorageSettings,
): Promise<{ storage: RotatableDocumentStorage; close: () => Promise<void> }> {
  const keys = documentKeyLoader({
    configuredKey: opts.configuredKey,
    previousKeys: opts.previousKeys,
    dataDir: opts.dataDir,
  });
  // A corrupt key file stops the start instead of failing the first upload.
  await keys.check();
  if (opts.s3) {
    // Loaded only when configured: a server on local files does not pay for the SDK.
    const { createS3Client, S3DocumentStorage } = await import("./s3-store.ts");
    const client = createS3Client(opts.s3);
    return {
      storage: new S3DocumentStorage(client, opts.s3.bucket, keys.key),
      close: async () => client.destroy(),
    };
  }
  return {
    storage: new LocalDocumentStorage(path.join(opts.dataDir, "documents"), keys.key),
    close: async () => {},
  };
}
