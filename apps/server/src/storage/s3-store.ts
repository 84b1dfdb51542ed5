import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config/env.ts";
import {
  checkKey,
  DocumentExistsError,
  DocumentIntegrityError,
  DocumentNotFoundError,
  isStorageKey,
  type RewrapOutcome,
  type RotatableDocumentStorage,
} from "./document-store.ts";
import { type DocumentKeySource, keyringOf } from "./key-ring.ts";
import { isUnderCurrent, openSealed, seal, sealedLimit, sealer } from "./sealing.ts";

/** The SDK's client for these settings (the caller destroys it on shutdown). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    maxAttempts: 3,
  });
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
const isMissing = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound"));

/**
 * Objects in an S3 bucket (several servers share one), in the same encrypted format as the local
 * store (`sealer` / `openSealed`): the object for storage key `k` is `k.enc`.
 *
 * - Appears only when complete: the whole encrypted object is sent in one PutObject, which S3 makes
 *   visible atomically or not at all (uploads are capped far below its 5 GB single-request limit).
 * - No overwrite: a HeadObject check, and `If-None-Match: *` on the PutObject so that the service
 *   itself refuses a key written meanwhile by another process (AWS S3 and MinIO honour it).
 * - Authenticated before the first byte: the whole object is read and checked by `openSealed`.
 * - Deleting an absent key is fine (S3 answers 204 either way).
 */
export class S3DocumentStorage implements RotatableDocumentStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly keys: DocumentKeySource,
    /** The largest plaintext accepted or read (uploads are capped well below this). */
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  private objectKey(key: string) {
    checkKey(key);
    return `${key}.enc`;
  }

  private async exists(objectKey: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async put(key: string, data: Readable | Buffer) {
    const objectKey = this.objectKey(key);
    const aesKey = (await keyringOf(this.keys)).current;
    if (await this.exists(objectKey)) throw new DocumentExistsError(key);
    const limit = sealedLimit(this.maxBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = new Writable({
      write(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limit) return done(new Error(`Document ${key} is larger than ${limit} bytes`));
        chunks.push(chunk);
        done();
      },
    });
    await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, sealer(aesKey, key), collect);
    const body = Buffer.concat(chunks, size);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: objectKey,
          Body: body,
          ContentLength: body.length,
          ContentType: "application/octet-stream",
          IfNoneMatch: "*",
        }),
      );
    } catch (error) {
      // 412: another writer made the key first; 409: a conditional write raced with another one.
      if (statusOf(error) === 412 || statusOf(error) === 409) throw new DocumentExistsError(key);
      throw error;
    }
    return { storedBytes: body.length };
  }

  /** The stored object and its ETag. */
  private async read(key: string): Promise<{ content: Buffer; etag: string | undefined }> {
    const objectKey = this.objectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if ((answer.ContentLength ?? 0) > sealedLimit(this.maxBytes)) {
        (answer.Body as Readable | undefined)?.destroy?.();
        throw new DocumentIntegrityError(key);
      }
      const content = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
      return { content, etag: answer.ETag };
    } catch (error) {
      if (isMissing(error)) throw new DocumentNotFoundError(key);
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const { content } = await this.read(key);
    return Readable.from([openSealed(await keyringOf(this.keys), key, content)]);
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.endsWith(".enc") ? object.Key.slice(0, -".enc".length) : null;
        if (key && isStorageKey(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async rewrap(key: string, attempt = 1): Promise<RewrapOutcome> {
    const ring = await keyringOf(this.keys);
    let stored: { content: Buffer; etag: string | undefined };
    try {
      stored = await this.read(key);
    } catch (error) {
      if (error instanceof DocumentNotFoundError) return "gone";
      throw error;
    }
    if (isUnderCurrent(ring, stored.content)) return "current";
    const sealed = seal(ring.current, key, openSealed(ring, key, stored.content));
    try {
      // One PutObject replaces the object atomically; If-Match makes the service refuse when the object
      // changed or went since it was read (AWS S3 and MinIO honour it), so a deleted document stays deleted.
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: sealed,
          ContentLength: sealed.length,
          ContentType: "application/octet-stream",
          ...(stored.etag ? { IfMatch: stored.etag } : {}),
        }),
      );
    } catch (error) {
      if (isMissing(error)) return "gone";
      // Changed since it was read (deleted, or rewrapped by another run): look again.
      if (statusOf(error) === 412 && attempt < 3) return this.rewrap(key, attempt + 1);
      throw error;
    }
    return "rewrapped";
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }
}
