import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  DocumentExistsError,
  DocumentIntegrityError,
  DocumentNotFoundError,
  checkKey,
  isStorageKey,
  isUnderCurrent,
  keyringOf,
  openSealed,
  seal,
  sealedLimit,
  sealer
} from "./chunk-QHZ66NUU.js";
import "./chunk-NUPHUQFI.js";

// apps/server/src/storage/s3-store.ts
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException
} from "@aws-sdk/client-s3";
function createS3Client(settings) {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {},
    maxAttempts: 3
  });
}
var statusOf = (error) => error instanceof S3ServiceException ? error.$metadata.httpStatusCode : void 0;
var isMissing = (error) => statusOf(error) === 404 || error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
var S3DocumentStorage = class {
  constructor(client, bucket, keys, maxBytes = 16 * 1024 * 1024) {
    this.client = client;
    this.bucket = bucket;
    this.keys = keys;
    this.maxBytes = maxBytes;
  }
  client;
  bucket;
  keys;
  maxBytes;
  objectKey(key) {
    checkKey(key);
    return `${key}.enc`;
  }
  async exists(objectKey) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
  async put(key, data) {
    const objectKey = this.objectKey(key);
    const aesKey = (await keyringOf(this.keys)).current;
    if (await this.exists(objectKey)) throw new DocumentExistsError(key);
    const limit = sealedLimit(this.maxBytes);
    const chunks = [];
    let size = 0;
    const collect = new Writable({
      write(chunk, _enc, done) {
        size += chunk.length;
        if (size > limit) return done(new Error(`Document ${key} is larger than ${limit} bytes`));
        chunks.push(chunk);
        done();
      }
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
          IfNoneMatch: "*"
        })
      );
    } catch (error) {
      if (statusOf(error) === 412 || statusOf(error) === 409) throw new DocumentExistsError(key);
      throw error;
    }
    return { storedBytes: body.length };
  }
  /** The stored object and its ETag. */
  async read(key) {
    const objectKey = this.objectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if ((answer.ContentLength ?? 0) > sealedLimit(this.maxBytes)) {
        answer.Body?.destroy?.();
        throw new DocumentIntegrityError(key);
      }
      const content = Buffer.from(await answer.Body?.transformToByteArray() ?? new Uint8Array());
      return { content, etag: answer.ETag };
    } catch (error) {
      if (isMissing(error)) throw new DocumentNotFoundError(key);
      throw error;
    }
  }
  async get(key) {
    const { content } = await this.read(key);
    return Readable.from([openSealed(await keyringOf(this.keys), key, content)]);
  }
  async *list() {
    let token;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token })
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.endsWith(".enc") ? object.Key.slice(0, -".enc".length) : null;
        if (key && isStorageKey(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : void 0;
    } while (token);
  }
  async rewrap(key, attempt = 1) {
    const ring = await keyringOf(this.keys);
    let stored;
    try {
      stored = await this.read(key);
    } catch (error) {
      if (error instanceof DocumentNotFoundError) return "gone";
      throw error;
    }
    if (isUnderCurrent(ring, stored.content)) return "current";
    const sealed = seal(ring.current, key, openSealed(ring, key, stored.content));
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: sealed,
          ContentLength: sealed.length,
          ContentType: "application/octet-stream",
          ...stored.etag ? { IfMatch: stored.etag } : {}
        })
      );
    } catch (error) {
      if (isMissing(error)) return "gone";
      if (statusOf(error) === 412 && attempt < 3) return this.rewrap(key, attempt + 1);
      throw error;
    }
    return "rewrapped";
  }
  async delete(key) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }
};
export {
  S3DocumentStorage,
  createS3Client
};
//# sourceMappingURL=s3-store-WCAXUDSC.js.map
