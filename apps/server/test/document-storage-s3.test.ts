import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer as readAll } from "node:stream/consumers";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/env.ts";
import {
  DocumentExistsError,
  DocumentIntegrityError,
  DocumentNotFoundError,
  type DocumentStorage,
} from "../src/storage/document-store.ts";
import { LocalDocumentStorage } from "../src/storage/local-store.ts";
import { createS3Client, S3DocumentStorage } from "../src/storage/s3-store.ts";
import { createTestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { jpegBytes, multipartBody } from "./helpers/kyc-files.ts";
import { type LocalS3, startLocalS3 } from "./helpers/s3.ts";

let s3: LocalS3;
let client: S3Client;
let localRoot: string;
const aesKey = randomBytes(32);
const keyFn = async () => aesKey;

beforeAll(async () => {
  s3 = await startLocalS3();
  client = createS3Client({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
  localRoot = await fs.mkdtemp(path.join(os.tmpdir(), "festgeld-docs-"));
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await fs.rm(localRoot, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (answer.Contents ?? []).map((o) => o.Key ?? "").sort();
}

/** Raw access to what a store keeps for a key, to tamper with it as an attacker with storage access would. */
interface RawAccess {
  read(key: string): Promise<Buffer>;
  write(key: string, content: Buffer): Promise<void>;
  /** Every stored name, including anything half-written. */
  list(): Promise<string[]>;
}

const stores: Array<[string, () => { storage: DocumentStorage; raw: RawAccess }]> = [
  [
    "local files",
    () => ({
      storage: new LocalDocumentStorage(localRoot, keyFn),
      raw: {
        read: (key) => fs.readFile(path.join(localRoot, `${key}.enc`)),
        write: (key, content) => fs.writeFile(path.join(localRoot, `${key}.enc`), content),
        list: async () =>
          (await fs.readdir(localRoot, { recursive: true, withFileTypes: true }))
            .filter((e) => e.isFile())
            .map((e) => path.relative(localRoot, path.join(e.parentPath, e.name)))
            .sort(),
      },
    }),
  ],
  [
    "S3 bucket",
    () => ({
      storage: new S3DocumentStorage(client, s3.bucket, keyFn),
      raw: {
        read: async (key) => {
          const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${key}.enc` }));
          return Buffer.from(await (answer.Body?.transformToByteArray() ?? new Uint8Array()));
        },
        write: async (key, content) => {
          await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${key}.enc`, Body: content }));
        },
        list: bucketKeys,
      },
    }),
  ],
];

describe.each(stores)("document storage contract: %s", (_name, make) => {
  it("gives back exactly what was stored, from a buffer or a stream, encrypted at rest", async () => {
    const { storage, raw } = make();
    const small = Buffer.from("identity card front");
    const key = `kyc/${randomUUID()}`;
    const { storedBytes } = await storage.put(key, small);
    expect((await readAll(await storage.get(key))).equals(small)).toBe(true);
    const stored = await raw.read(key);
    expect(stored.length).toBe(storedBytes);
    expect(stored.subarray(0, 4).toString()).toBe("FGD2");
    expect(stored.includes(small)).toBe(false);

    const large = randomBytes(300_000);
    const streamed = `kyc/${randomUUID()}`;
    await storage.put(streamed, Readable.from([large.subarray(0, 1000), large.subarray(1000)]));
    expect((await readAll(await storage.get(streamed))).equals(large)).toBe(true);

    const empty = `kyc/${randomUUID()}`;
    await storage.put(empty, Buffer.alloc(0));
    expect((await readAll(await storage.get(empty))).length).toBe(0);
  });

  it("refuses to overwrite an existing key and keeps the first content", async () => {
    const { storage } = make();
    const key = `kyc/${randomUUID()}`;
    await storage.put(key, Buffer.from("first"));
    await expect(storage.put(key, Buffer.from("second"))).rejects.toBeInstanceOf(DocumentExistsError);
    expect((await readAll(await storage.get(key))).toString()).toBe("first");
  });

  it("leaves nothing behind when the upload stream fails midway", async () => {
    const { storage, raw } = make();
    const before = await raw.list();
    const key = `kyc/${randomUUID()}`;
    const failing = new Readable({
      read() {
        this.push(randomBytes(10_000));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(storage.put(key, failing)).rejects.toThrow(/client went away/);
    expect(await raw.list()).toEqual(before);
    await expect(storage.get(key)).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it("says not found for an absent key, and deleting an absent key is fine", async () => {
    const { storage } = make();
    const key = `kyc/${randomUUID()}`;
    await expect(storage.get(key)).rejects.toBeInstanceOf(DocumentNotFoundError);
    await storage.delete(key);
    await storage.put(key, Buffer.from("short-lived"));
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(DocumentNotFoundError);
    // the key is free again after a delete
    await storage.put(key, Buffer.from("again"));
    expect((await readAll(await storage.get(key))).toString()).toBe("again");
  });

  it("releases nothing of a tampered, truncated or moved object, nor one under another key", async () => {
    const { storage, raw } = make();
    const a = `kyc/${randomUUID()}`;
    const b = `kyc/${randomUUID()}`;
    await storage.put(a, Buffer.from("document A"));
    await storage.put(b, Buffer.from("document B"));
    const original = await raw.read(a);
    // one flipped bit of ciphertext
    const flipped = Buffer.from(original);
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    await raw.write(a, flipped);
    await expect(storage.get(a)).rejects.toBeInstanceOf(DocumentIntegrityError);
    // truncated
    await raw.write(a, original.subarray(0, original.length - 5));
    await expect(storage.get(a)).rejects.toBeInstanceOf(DocumentIntegrityError);
    // B's object copied over A's: bound to B's key, so it does not open as A
    await raw.write(a, await raw.read(b));
    await expect(storage.get(a)).rejects.toBeInstanceOf(DocumentIntegrityError);
    // the right bytes but another document key
    await raw.write(a, original);
    const otherKey = make().storage;
    const foreign =
      otherKey instanceof S3DocumentStorage
        ? new S3DocumentStorage(client, s3.bucket, async () => randomBytes(32))
        : new LocalDocumentStorage(localRoot, async () => randomBytes(32));
    await expect(foreign.get(a)).rejects.toBeInstanceOf(DocumentIntegrityError);
    expect((await readAll(await storage.get(a))).toString()).toBe("document A");
  });

  it("refuses storage keys that are not the server's own shape", async () => {
    const { storage } = make();
    await expect(storage.put("../escape", Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get("a/../../b")).rejects.toThrow(/Invalid storage key/);
  });
});

describe("one format for both stores", () => {
  it("an object written by the local store opens from the bucket, and the other way round", async () => {
    const local = new LocalDocumentStorage(localRoot, keyFn);
    const bucket = new S3DocumentStorage(client, s3.bucket, keyFn);
    const key = `kyc/${randomUUID()}`;
    await local.put(key, Buffer.from("moved between stores"));
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${key}.enc`,
        Body: await fs.readFile(path.join(localRoot, `${key}.enc`)),
      }),
    );
    expect((await readAll(await bucket.get(key))).toString()).toBe("moved between stores");
    const back = `kyc/${randomUUID()}`;
    await bucket.put(back, Buffer.from("and back"));
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${back}.enc` }));
    await fs.mkdir(path.join(localRoot, "kyc"), { recursive: true });
    await fs.writeFile(
      path.join(localRoot, `${back}.enc`),
      Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array())),
    );
    expect((await readAll(await local.get(back))).toString()).toBe("and back");
  });
});

describe("DOCUMENT_STORE=s3 configuration", () => {
  it("needs a bucket and DOCUMENT_KEY, and both credentials or neither", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: "test", ...env });
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    expect(problems({ DOCUMENT_STORE: "s3" })).toEqual([
      "S3_BUCKET is required when DOCUMENT_STORE is s3",
      "DOCUMENT_KEY is required when DOCUMENT_STORE is s3",
    ]);
    expect(
      problems({ DOCUMENT_STORE: "s3", S3_BUCKET: "Bad_Bucket", DOCUMENT_KEY: "ab".repeat(32) })[0],
    ).toMatch(/^S3_BUCKET must be a bucket name/);
    expect(problems({ DOCUMENT_STORE: "ftp" })[0]).toMatch(/^DOCUMENT_STORE/);
    expect(problems({ S3_ENDPOINT: "localhost:9000" })[0]).toMatch(/^S3_ENDPOINT must start with http/);
    expect(problems({ AWS_ACCESS_KEY_ID: "id" })).toEqual([
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all",
    ]);
    const config = loadConfig({ NODE_ENV: "test", ...s3.env, DOCUMENT_KEY: "ab".repeat(32) });
    expect(config.s3).toEqual({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    expect(loadConfig({ NODE_ENV: "test" }).s3).toBeUndefined();
  });
});

describe("the server with DOCUMENT_STORE=s3", () => {
  it("keeps an uploaded KYC document in the bucket (not under DATA_DIR) and serves it back byte-identical", async () => {
    const t = await createTestApp({ ...s3.env, DOCUMENT_KEY: randomBytes(32).toString("hex") });
    try {
      const u = await createUser(t.app);
      const admin = await createAdmin(t.app);
      const file = jpegBytes();
      const body = multipartBody([
        { name: "file", filename: "id.jpg", contentType: "image/jpeg", data: file },
      ]);
      const before = await bucketKeys();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/kyc/upload/id_card",
        headers: { ...u.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      const row = await t.app.db
        .selectFrom("kyc_documents")
        .select(["id", "storage_key"])
        .where("user_id", "=", u.user.id)
        .executeTakeFirstOrThrow();
      expect((await bucketKeys()).filter((k) => !before.includes(k))).toEqual([`${row.storage_key}.enc`]);
      await expect(fs.access(path.join(t.config.dataDir, "documents"))).rejects.toThrow();
      await expect(fs.access(path.join(t.config.dataDir, "document.key"))).rejects.toThrow();
      const download = await t.app.inject({
        url: `/api/admin/kyc/documents/${row.id}/file`,
        headers: admin.headers,
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(file)).toBe(true);
    } finally {
      await t.close();
      await fs.rm(t.config.dataDir, { recursive: true, force: true });
    }
  });
});
