import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import {
  checkKey,
  DocumentExistsError,
  DocumentIntegrityError,
  DocumentNotFoundError,
  type DocumentStorage,
  openSealed,
  sealedLimit,
  sealer,
} from "./document-storage.ts";

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, a local test server); AWS itself when unset. */
  endpoint?: string | undefined;
  region: string;
  /** Bucket in the path (http://host/bucket/key) instead of the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Both or neither; when neither, the SDK's own chain (instance role, shared config) is used. */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

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
export class S3DocumentStorage implements DocumentStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: () => Promise<Buffer>,
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
    const aesKey = await this.key();
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

  async get(key: string): Promise<Readable> {
    const objectKey = this.objectKey(key);
    let content: Buffer;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if ((answer.ContentLength ?? 0) > sealedLimit(this.maxBytes)) {
        (answer.Body as Readable | undefined)?.destroy?.();
        throw new DocumentIntegrityError(key);
      }
      content = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
    } catch (error) {
      if (isMissing(error)) throw new DocumentNotFoundError(key);
      throw error;
    }
    return Readable.from([openSealed(await this.key(), key, content)]);
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }
}
