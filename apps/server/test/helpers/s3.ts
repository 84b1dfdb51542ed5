import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error: the package ships no type declarations (its small API is typed below)
import S3rverModule from "@20minutes/s3rver";

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverInstance;

export interface LocalS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The server's variables for this store (DOCUMENT_STORE=s3 and the S3_* settings; add DOCUMENT_KEY). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, from the npm registry) on a free loopback port, keeping its
 * objects in a fresh temporary directory, with one empty bucket. It refuses an unknown access key id
 * (see `allowMismatchedSignatures` below for signatures). `close()` stops it and removes the directory.
 */
export async function startLocalS3(options: { bucket?: string } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? `documents-${randomBytes(4).toString("hex")}`;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "festgeld-s3-"));
  // s3rver's fixed test credentials: the only pair it accepts.
  const accessKeyId = "S3RVER";
  const secretAccessKey = "S3RVER";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // s3rver signs bucket-level requests (listing) without the trailing slash the SDK signs, so it
    // would refuse them; it still refuses an unknown access key id.
    allowMismatchedSignatures: true,
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      DOCUMENT_STORE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
