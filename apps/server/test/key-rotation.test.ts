import { createCipheriv, randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer as readAll } from "node:stream/consumers";
import { GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { deriveTotpKey, openWith, TotpKeyError } from "../src/modules/auth/totp-secret.ts";
import { rotateDocumentKey, swapKeyFiles } from "../src/ops/rotate-key.ts";
import { DocumentIntegrityError } from "../src/storage/document-store.ts";
import { documentKeyLoader } from "../src/storage/key-ring.ts";
import { LocalDocumentStorage } from "../src/storage/local-store.ts";
import { createS3Client, S3DocumentStorage } from "../src/storage/s3-store.ts";
import { keyId } from "../src/storage/sealing.ts";
import { createTestApp } from "./helpers/app.ts";
import { createAdmin, TEST_TOTP_SECRET } from "./helpers/factories.ts";
import { type LocalS3, startLocalS3 } from "./helpers/s3.ts";

let work: string;
let s3: LocalS3;
let client: S3Client;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), "festgeld-rotate-"));
  s3 = await startLocalS3();
  client = createS3Client({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await fs.rm(work, { recursive: true, force: true });
});

/** An object in the earlier format ("FGD1", no key id), as documents stored before key ids were written. */
function legacyObject(aesKey: Buffer, storageKey: string, plain: Buffer) {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", aesKey, nonce);
  cipher.setAAD(Buffer.from(storageKey));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from("FGD1"), nonce, body, cipher.getAuthTag()]);
}

const hex = (key: Buffer) => key.toString("hex");

describe("npm run rotate-key with the generated key file (embedded setup)", () => {
  it("re-encrypts every document under a new key, deletes the old key, and stays readable throughout", async () => {
    const dataDir = path.join(work, `data-${randomUUID()}`);
    const loader = documentKeyLoader({ dataDir });
    const documents = new LocalDocumentStorage(path.join(dataDir, "documents"), loader.key);
    const oldKey = (await loader.key()).current;
    const contents = new Map<string, Buffer>();
    for (let i = 0; i < 6; i++) {
      const key = `kyc/${randomUUID()}`;
      contents.set(key, randomBytes(1000 + i));
      await documents.put(key, contents.get(key) as Buffer);
    }
    const legacyKey = `postbox/${randomUUID()}`;
    contents.set(legacyKey, Buffer.from("written before key ids"));
    await fs.mkdir(path.join(dataDir, "documents", "postbox"), { recursive: true });
    await fs.writeFile(
      path.join(dataDir, "documents", `${legacyKey}.enc`),
      legacyObject(oldKey, legacyKey, contents.get(legacyKey) as Buffer),
    );

    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    // An interruption midway: the keys swapped, half the documents re-encrypted, then the process died.
    expect(await swapKeyFiles(dataDir)).toBe("swapped");
    const midway = new LocalDocumentStorage(
      path.join(dataDir, "documents"),
      documentKeyLoader({ dataDir }).key,
    );
    const keys = [...contents.keys()];
    for (const key of keys.slice(0, 3)) expect(await midway.rewrap(key)).toBe("rewrapped");
    // Meanwhile every document reads (old and new key both configured).
    for (const [key, content] of contents)
      expect((await readAll(await midway.get(key))).equals(content)).toBe(true);

    const report = await rotateDocumentKey(config);
    expect(report.failed).toEqual([]);
    expect(report.lines[0]).toBe("Resuming an interrupted rotation.");
    expect(report.rewrapped).toBe(keys.length - 3);
    expect(report.alreadyCurrent).toBe(3);
    expect(report.retired).toBe(true);
    expect(existsSync(path.join(dataDir, "document.key.previous"))).toBe(false);
    expect(existsSync(path.join(dataDir, "document.key.next"))).toBe(false);

    const newKey = Buffer.from((await fs.readFile(path.join(dataDir, "document.key"), "utf8")).trim(), "hex");
    expect(newKey.equals(oldKey)).toBe(false);
    expect(report.keyId).toBe(hex(keyId(newKey)));
    expect((await fs.stat(path.join(dataDir, "document.key"))).mode & 0o777).toBe(0o600);
    // The new key alone opens everything; the old key opens nothing any more.
    const withNew = new LocalDocumentStorage(path.join(dataDir, "documents"), async () => newKey);
    const withOld = new LocalDocumentStorage(path.join(dataDir, "documents"), async () => oldKey);
    for (const [key, content] of contents) {
      expect((await readAll(await withNew.get(key))).equals(content)).toBe(true);
      await expect(withOld.get(key)).rejects.toBeInstanceOf(DocumentIntegrityError);
      const stored = await fs.readFile(path.join(dataDir, "documents", `${key}.enc`));
      expect(stored.subarray(4, 12).equals(keyId(newKey))).toBe(true);
    }
    // No temporary file is left behind.
    const names = await fs.readdir(path.join(dataDir, "documents"), { recursive: true });
    expect(names.filter((n) => n.endsWith(".tmp"))).toEqual([]);

    // Running it again rotates to yet another key (a new rotation), with nothing left undone.
    const again = await rotateDocumentKey(config);
    expect(again.rewrapped).toBe(keys.length);
    expect(again.keyId).not.toBe(report.keyId);
  });

  it("resumes when it stopped between moving the old key aside and putting the new one in place", async () => {
    const dataDir = path.join(work, `data-${randomUUID()}`);
    const loader = documentKeyLoader({ dataDir });
    const documents = new LocalDocumentStorage(path.join(dataDir, "documents"), loader.key);
    await documents.put("kyc/one", Buffer.from("one"));
    const next = randomBytes(32);
    await fs.writeFile(path.join(dataDir, "document.key.next"), `${hex(next)}\n`, { mode: 0o600 });
    await fs.rename(path.join(dataDir, "document.key"), path.join(dataDir, "document.key.previous"));
    // The server refuses to start rather than making a third key.
    await expect(documentKeyLoader({ dataDir }).key()).rejects.toThrow(/run it again/);

    const report = await rotateDocumentKey(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }));
    expect(report.retired).toBe(true);
    expect(report.rewrapped).toBe(1);
    expect(report.keyId).toBe(hex(keyId(next)));
    const reader = new LocalDocumentStorage(path.join(dataDir, "documents"), async () => next);
    expect((await readAll(await reader.get("kyc/one"))).toString()).toBe("one");
  });

  it("refuses while the server has the embedded database open", async () => {
    const dataDir = path.join(work, `data-${randomUUID()}`);
    await fs.mkdir(path.join(dataDir, "pgdata"), { recursive: true });
    await fs.writeFile(path.join(dataDir, "pgdata", "postmaster.pid"), "1\n");
    await fs.writeFile(path.join(dataDir, "document.key"), `${hex(randomBytes(32))}\n`);
    await expect(
      rotateDocumentKey(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: "" })),
    ).rejects.toThrow(/stop it first/);
    expect(existsSync(path.join(dataDir, "document.key.previous"))).toBe(false);
  });
});

describe("npm run rotate-key with DOCUMENT_KEY and DOCUMENT_KEY_PREVIOUS (S3 bucket)", () => {
  it("re-encrypts the bucket under the new key while both keys read, and keeps the old key when a document fails", async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = new S3DocumentStorage(client, s3.bucket, async () => oldKey);
    const contents = new Map<string, Buffer>();
    for (let i = 0; i < 4; i++) {
      const key = `kyc/${randomUUID()}`;
      contents.set(key, randomBytes(500));
      await before.put(key, contents.get(key) as Buffer);
    }
    const legacyKey = `kyc/${randomUUID()}`;
    contents.set(legacyKey, Buffer.from("legacy in the bucket"));
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${legacyKey}.enc`,
        Body: legacyObject(oldKey, legacyKey, contents.get(legacyKey) as Buffer),
      }),
    );
    // One object that no key opens (tampered): reported, and the old key is not retired.
    const broken = `kyc/${randomUUID()}`;
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: `${broken}.enc`, Body: randomBytes(100) }),
    );

    const env = {
      NODE_ENV: "test",
      // The embedded database it opens lives in a directory of its own, never the checkout's ./data.
      DATA_DIR: path.join(work, "bucket-rotation"),
      ...s3.env,
      DOCUMENT_KEY: hex(newKey),
      DOCUMENT_KEY_PREVIOUS: hex(oldKey),
    };
    const config = loadConfig(env);
    // With the new key alone nothing old opens: that is why DOCUMENT_KEY_PREVIOUS is set first.
    const newOnly = new S3DocumentStorage(client, s3.bucket, async () => newKey);
    await expect(newOnly.get(legacyKey)).rejects.toBeInstanceOf(DocumentIntegrityError);

    const first = await rotateDocumentKey(config);
    expect(first.rewrapped).toBe(contents.size);
    expect(first.failed).toHaveLength(1);
    expect(first.failed[0]).toContain(broken);
    expect(first.retired).toBe(false);
    expect(first.lines.join("\n")).toMatch(/the old key is not retired/);

    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: `${broken}.enc`,
        Body: legacyObject(oldKey, broken, Buffer.from("repaired")),
      }),
    );
    const second = await rotateDocumentKey(config);
    expect(second).toMatchObject({ rewrapped: 1, alreadyCurrent: contents.size, failed: [], retired: true });
    expect(second.lines.at(-1)).toMatch(/Remove DOCUMENT_KEY_PREVIOUS/);
    contents.set(broken, Buffer.from("repaired"));
    for (const [key, content] of contents) {
      expect((await readAll(await newOnly.get(key))).equals(content)).toBe(true);
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${key}.enc` }));
      const stored = Buffer.from(await (object.Body?.transformToByteArray() ?? new Uint8Array()));
      expect(stored.subarray(0, 12).equals(Buffer.concat([Buffer.from("FGD2"), keyId(newKey)]))).toBe(true);
    }
  });

  it("re-seals the two-factor secrets derived from the document key, which open throughout", async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    // A bucket of its own: the other test's objects are under keys this one does not know.
    const own = await startLocalS3();
    const t = await createTestApp({ ...own.env, DOCUMENT_KEY: hex(oldKey) });
    try {
      const admin = await createAdmin(t.app);
      const sealedBefore = async () =>
        (
          await t.app.db
            .selectFrom("user_totp")
            .select("secret_sealed")
            .where("user_id", "=", admin.user.id)
            .executeTakeFirstOrThrow()
        ).secret_sealed as string;
      const before = await sealedBefore();
      expect(() => openWith(deriveTotpKey(newKey), admin.user.id, before)).toThrow(TotpKeyError);
      // A server already configured with the new key and the previous one opens the old secret.
      const config = loadConfig({
        NODE_ENV: "test",
        ...own.env,
        DATA_DIR: t.config.dataDir,
        DOCUMENT_KEY: hex(newKey),
        DOCUMENT_KEY_PREVIOUS: hex(oldKey),
      });
      const during = await buildApp({ config, database: t.database, closeDatabase: false, logger: false });
      expect(await during.totpSecrets.open(admin.user.id, before)).toBe(TEST_TOTP_SECRET);
      await during.close();

      const report = await rotateDocumentKey(config, { database: t.database });
      expect(report.totpResealed).toBeGreaterThanOrEqual(1);
      expect(report.retired).toBe(true);
      expect(openWith(deriveTotpKey(newKey), admin.user.id, await sealedBefore())).toBe(TEST_TOTP_SECRET);
      expect((await rotateDocumentKey(config, { database: t.database })).totpResealed).toBe(0);
    } finally {
      await t.close();
      await own.close();
      await fs.rm(t.config.dataDir, { recursive: true, force: true });
    }
  });

  it("DOCUMENT_KEY_PREVIOUS needs DOCUMENT_KEY and well-formed keys", () => {
    expect(() => loadConfig({ DOCUMENT_KEY_PREVIOUS: hex(randomBytes(32)) })).toThrow(
      /DOCUMENT_KEY_PREVIOUS needs DOCUMENT_KEY/,
    );
    expect(() => loadConfig({ DOCUMENT_KEY: hex(randomBytes(32)), DOCUMENT_KEY_PREVIOUS: "abc" })).toThrow(
      /DOCUMENT_KEY_PREVIOUS must be 64-hexadecimal-character keys/,
    );
  });
});
