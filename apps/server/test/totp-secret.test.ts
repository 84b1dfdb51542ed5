import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import type { Database } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { openWith, sealPlainSecrets, sealWith, TotpKeyError } from "../src/modules/auth/totp-secret.ts";
import { createTestDatabase } from "./helpers/app.ts";
import { createUser, TEST_PASSWORD, TEST_TOTP_SECRET, totpCode } from "./helpers/factories.ts";
import { jsonText } from "./helpers/json-text.ts";
import { recordStatuses } from "./helpers/statuses.ts";

/** TOTP secrets at rest: sealed with AES-256-GCM under a key outside the database (totp-secret.ts). */

let database: Database;
let drop: () => Promise<void>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "festgeld-totp-"));
const apps: FastifyInstance[] = [];

async function appOn(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: "/nonexistent",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    ...env,
  });
  const app = await buildApp({ config, database, closeDatabase: false, logger: false });
  recordStatuses(app);
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await drop();
});

const row = (userId: string) =>
  database.db
    .selectFrom("user_totp")
    .select(["secret_plain", "secret_sealed"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();

/** Password, then a code of the secret: answers the status of the second step. */
async function signIn(app: FastifyInstance, email: string, secret: string, offsetSteps = 0) {
  const first = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: TEST_PASSWORD },
  });
  expect(first.statusCode, first.body).toBe(200);
  const challenge = first.json().challenge_token as string;
  expect(challenge).toBeTypeOf("string");
  const second = await app.inject({
    method: "POST",
    url: "/api/auth/login/two-factor",
    payload: { challenge_token: challenge, code: totpCode(secret, offsetSteps) },
  });
  return second.statusCode;
}

describe("TOTP secrets at rest", () => {
  it("stores an enrolled secret only sealed, and sign-in with its codes works", async () => {
    const app = await appOn();
    const saver = await createUser(app);
    const setup = await app.inject({
      method: "POST",
      url: "/api/auth/two-factor/setup",
      headers: saver.headers,
    });
    const { secret } = setup.json() as { secret: string };
    const stored = await row(saver.user.id);
    expect(stored.secret_plain).toBeNull();
    expect(stored.secret_sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(stored.secret_sealed).not.toContain(secret);
    // Nothing in the row decodes to the secret either (base64 of it, any case).
    expect(
      Buffer.from(stored.secret_sealed?.split(".")[2] ?? "", "base64url").toString("latin1"),
    ).not.toContain(secret);
    const enabled = await app.inject({
      method: "POST",
      url: "/api/auth/two-factor/enable",
      headers: saver.headers,
      payload: { code: totpCode(secret) },
    });
    expect(enabled.statusCode).toBe(200);
    // The code of the next 30 s step (the current one was spent by the enrolment).
    expect(await signIn(app, saver.user.email, secret, 1)).toBe(200);
    const all = jsonText(await sql`select * from user_totp`.execute(database.db));
    expect(all).not.toContain(secret);
  });

  it("migration 0074 keeps an existing plain secret, and the next start seals it; sign-in goes on", async () => {
    // The database as it was before 0074, with an account enrolled then.
    const statements = [
      "alter table user_totp drop constraint user_totp_one_secret",
      "alter table user_totp drop column secret_sealed",
      "alter table user_totp rename column secret_plain to secret",
      "delete from user_totp",
      "alter table user_totp alter column secret set not null",
      "delete from schema_migrations where version = '0074_totp_secret_sealed'",
    ];
    for (const statement of statements) await sql.raw(statement).execute(database.db);
    const app = apps[0] as FastifyInstance;
    const saver = await createUser(app, { twoFactor: false });
    await sql`insert into user_totp (user_id, secret, confirmed_at) values (${saver.user.id}, ${TEST_TOTP_SECRET}, now())`.execute(
      database.db,
    );

    expect(await migrate(database)).toEqual(["0074_totp_secret_sealed"]);
    expect(await row(saver.user.id)).toEqual({ secret_plain: TEST_TOTP_SECRET, secret_sealed: null });

    // What the server does at start, after the migrations (server.ts).
    const restarted = await appOn();
    expect(await sealPlainSecrets(restarted.db, restarted.totpSecrets)).toBe(1);
    expect(await sealPlainSecrets(restarted.db, restarted.totpSecrets)).toBe(0);
    const stored = await row(saver.user.id);
    expect(stored.secret_plain).toBeNull();
    expect(stored.secret_sealed).not.toContain(TEST_TOTP_SECRET);
    expect(await signIn(restarted, saver.user.email, TEST_TOTP_SECRET)).toBe(200);
  });

  it("refuses to start with a key that does not open the stored secrets", async () => {
    const wrongKey = await appOn({ TOTP_KEY: randomBytes(32).toString("hex") });
    await expect(sealPlainSecrets(wrongKey.db, wrongKey.totpSecrets)).rejects.toThrow(TotpKeyError);
  });

  it("a sealed secret opens only for its own account and only with its key", () => {
    const key = randomBytes(32);
    const sealed = sealWith(key, "user-a", TEST_TOTP_SECRET);
    expect(openWith(key, "user-a", sealed)).toBe(TEST_TOTP_SECRET);
    expect(() => openWith(key, "user-b", sealed)).toThrow(TotpKeyError);
    expect(() => openWith(randomBytes(32), "user-a", sealed)).toThrow(TotpKeyError);
    expect(sealWith(key, "user-a", TEST_TOTP_SECRET)).not.toBe(sealed);
  });
});
