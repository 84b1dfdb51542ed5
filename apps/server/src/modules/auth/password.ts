import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;

/**
 * argon2id with OWASP's recommended parameters (m = 19 MiB, t = 2, p = 1). Raising these makes
 * `needsRehash` true for older hashes, and the login service re-hashes them on the next sign-in.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
