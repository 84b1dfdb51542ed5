import type { Kysely } from "kysely";
import type { DB } from "./schema.ts";

// SQL of the document key rotation (ops/rotate-key.ts): the two-factor secrets it re-seals when they
// are sealed under a key derived from the document key.

export function listSealedTotpSecrets(db: Kysely<DB>) {
  return db
    .selectFrom("user_totp")
    .select(["user_id", "secret_sealed"])
    .where("secret_sealed", "is not", null)
    .execute();
}

/** Replaces a sealed secret if the row still holds what was read; answers how many rows changed. */
export async function resealTotpSecret(db: Kysely<DB>, userId: string, previous: string, sealed: string) {
  const result = await db
    .updateTable("user_totp")
    .set({ secret_sealed: sealed })
    .where("user_id", "=", userId)
    .where("secret_sealed", "=", previous)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
