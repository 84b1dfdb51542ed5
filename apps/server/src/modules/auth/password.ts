import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type ErrorCode, LIMITS } from "@festgeld/domain";
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;

/**
 * argon2id with OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1). Raising these makes
 * `needsRehash` true for older hashes, and the login service re-hashes them on the next sign-in.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The same password typed on two devices can arrive as different Unicode sequences (composed or
 * decomposed accents); NFC makes them one, so hashing and verifying always see the same bytes.
 */
const normalize = (password: string) => password.normalize("NFC");

export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalize(password));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters (or another algorithm) than today's. */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return (
    (m ?? 0) < ARGON2_PARAMS.memoryCost ||
    (t ?? 0) < ARGON2_PARAMS.timeCost ||
    (p ?? 0) < ARGON2_PARAMS.parallelism
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows. A login for an unknown e-mail verifies against it, so it
 * costs the same argon2 work as a login with a wrong password and its timing reveals nothing.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummyHash;
}

let commonPasswords: Set<string> | undefined;

/**
 * The 10,000 most common passwords (common-passwords.txt beside this file; source and licence in its
 * header), read once. The list is lower-case, and so is the comparison: "Password1" is as guessable
 * as "password1".
 */
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const text = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8");
    commonPasswords = new Set(
      text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("#")),
    );
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(normalize(password).toLowerCase());
}

/**
 * Why a new password is not acceptable, or null when it is. Length is checked first, so a huge
 * password is refused before anything looks at it, let alone hashes it.
 */
export function passwordProblem(password: string): { code: ErrorCode; detail: string } | null {
  if (password.length < LIMITS.passwordMinLength) {
    return {
      code: "password_too_short",
      detail: `The password must be at least ${LIMITS.passwordMinLength} characters long`,
    };
  }
  if (password.length > LIMITS.passwordMaxLength) {
    return {
      code: "password_too_long",
      detail: `The password must be at most ${LIMITS.passwordMaxLength} characters long`,
    };
  }
  if (isCommonPassword(password)) {
    return { code: "password_too_common", detail: "This password is too common. Please choose another one" };
  }
  return null;
}

/** A strong random password for the admin CLI: 24 characters of base64url, 144 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
