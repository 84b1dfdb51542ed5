import { randomBytes } from "node:crypto";
import type { User } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { hashPassword } from "../../src/modules/auth/password.ts";
import { createSession } from "../../src/modules/auth/session.service.ts";
import { toUser } from "../../src/modules/auth/user.mapper.ts";

export const TEST_PASSWORD = "correct horse battery staple";
/** The authenticator secret of every admin the factory makes (two-factor is required of admins). */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The current code of a secret, as an authenticator app shows it (`offsetSteps` moves by 30 s steps). */
export function totpCode(secret = TEST_TOTP_SECRET, offsetSteps = 0, at = Date.now()) {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at + offsetSteps * 30_000 });
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}

/** Inserts a user directly (no HTTP) and opens a session for them. The address counts as confirmed unless `verified: false`. */
export async function createUser(
  app: FastifyInstance,
  overrides: {
    role?: "user" | "admin";
    email?: string;
    full_name?: string;
    password?: string;
    verified?: boolean;
    /** An enrolled authenticator (TEST_TOTP_SECRET); admins have one unless `false`. */
    twoFactor?: boolean;
  } = {},
): Promise<{ user: User; token: string; password: string; headers: { authorization: string } }> {
  const password = overrides.password ?? TEST_PASSWORD;
  const row = await app.db
    .insertInto("users")
    .values({
      email: (overrides.email ?? uniqueEmail(overrides.role ?? "user")).toLowerCase(),
      password_hash: await hashPassword(password),
      full_name: overrides.full_name ?? "Erika Mustermann",
      role: overrides.role ?? "user",
      email_verified_at: overrides.verified === false ? null : new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (overrides.twoFactor ?? row.role === "admin") {
    await app.db
      .insertInto("user_totp")
      .values({
        user_id: row.id,
        secret_sealed: await app.totpSecrets.seal(row.id, TEST_TOTP_SECRET),
        confirmed_at: new Date(),
      })
      .execute();
  }
  const { token } = await createSession(app.db, { idleMinutes: 30, absoluteHours: 12 }, row.id);
  return { user: toUser(row), token, password, headers: { authorization: `Bearer ${token}` } };
}

export const createAdmin = (
  app: FastifyInstance,
  overrides: { email?: string; full_name?: string; twoFactor?: boolean } = {},
) => createUser(app, { ...overrides, role: "admin" });
