import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

// SQL of passkeys: the credentials of an account and the single-use challenges of the ceremonies.

const PASSKEY_COLUMNS = ["id", "name", "created_at", "last_used_at", "backed_up"] as const;

export function listPasskeys(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("passkeys")
    .select([...PASSKEY_COLUMNS, "credential_id", "transports"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function countPasskeys(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findByCredentialId(db: Kysely<DB>, credentialId: string) {
  return db.selectFrom("passkeys").selectAll().where("credential_id", "=", credentialId).executeTakeFirst();
}

export function insertPasskey(
  db: Kysely<DB>,
  values: {
    user_id: string;
    credential_id: string;
    public_key: string;
    counter: number;
    transports: string;
    device_type: "singleDevice" | "multiDevice";
    backed_up: boolean;
    aaguid: string | null;
    name: string;
    created_at: Date;
  },
) {
  return db.insertInto("passkeys").values(values).returning(PASSKEY_COLUMNS).executeTakeFirstOrThrow();
}

/**
 * Records a sign-in with the passkey: the new counter, backup state and time, only if the counter is
 * still the one the answer was checked against (two answers racing with one counter: one wins).
 */
export async function recordUse(
  db: Kysely<DB>,
  id: string,
  expectedCounter: bigint,
  values: { counter: number; backed_up: boolean; device_type: "singleDevice" | "multiDevice"; at: Date },
) {
  const result = await db
    .updateTable("passkeys")
    .set({
      counter: values.counter,
      backed_up: values.backed_up,
      device_type: values.device_type,
      last_used_at: values.at,
    })
    .where("id", "=", id)
    .where("counter", "=", expectedCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function renamePasskey(db: Kysely<DB>, userId: string, id: string, name: string) {
  return db
    .updateTable("passkeys")
    .set({ name })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(PASSKEY_COLUMNS)
    .executeTakeFirst();
}

export function deletePasskey(db: Kysely<DB>, userId: string, id: string) {
  return db
    .deleteFrom("passkeys")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(["id", "name"])
    .executeTakeFirst();
}

export async function insertChallenge(
  db: Kysely<DB>,
  values: {
    purpose: "registration" | "authentication";
    user_id: string | null;
    challenge_hash: string;
    created_at: Date;
    expires_at: Date;
  },
) {
  // Expired challenges of anyone go as new ones come: the table stays as small as the traffic of 2 minutes.
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<", values.created_at).execute();
  await db.insertInto("webauthn_challenges").values(values).execute();
}

/**
 * Uses up a challenge: deletes it and answers its expiry, or undefined when there is none of this
 * purpose (and account) with this hash. Whoever deletes it first has it; nobody else ever will.
 */
export function takeChallenge(
  db: Kysely<DB>,
  purpose: "registration" | "authentication",
  challengeHash: string,
  userId: string | null,
) {
  let query = db
    .deleteFrom("webauthn_challenges")
    .where("purpose", "=", purpose)
    .where("challenge_hash", "=", challengeHash);
  query = userId ? query.where("user_id", "=", userId) : query.where("user_id", "is", null);
  return query.returning(["expires_at"]).executeTakeFirst();
}

/** The account behind a passkey, with what sign-in needs to know. */
export function findOwner(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "full_name", "role", "kyc_status", "created_at", "locked_at", "closed_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}
