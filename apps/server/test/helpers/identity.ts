import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { createAdmin, createUser } from "./factories.ts";

/** Personal data that passes every rule (German tax residency with a valid IdNr). */
export const VALID_PROFILE = {
  date_of_birth: "1980-05-17",
  place_of_birth: "Köln",
  nationality: "DE",
  address: { street: "Hauptstraße 1", postcode: "10115", city: "Berlin", country: "DE" },
  tax_residency: "DE",
  tax_id: "86095742719",
  is_pep: false,
  pep_details: null,
} as const;

/**
 * A saver whose identity is fully verified, written straight to the database: approved documents
 * (both sides of the ID card, utility bill, selfie), confirmed personal data, KYC approved. For tests
 * of what needs a verified saver (approving applications).
 */
export async function createVerifiedUser(
  app: FastifyInstance,
  overrides: { full_name?: string; email?: string; verified?: boolean; sanctionsList?: boolean } = {},
) {
  const { sanctionsList: _sanctionsList, ...userFields } = overrides;
  const saver = await createUser(app, userFields);
  const reviewer = await createAdmin(app);
  const db = app.db;
  await db
    .insertInto("kyc_documents")
    .values(
      (["id_card", "id_card_back", "utility_bill", "selfie"] as const).map((type) => ({
        id: randomUUID(),
        user_id: saver.user.id,
        document_type: type,
        status: "approved" as const,
        storage_key: `kyc/${randomUUID()}`,
        content_type: "image/png" as const,
        size_bytes: 10,
        sha256: "0".repeat(64),
        original_name: null,
        reviewed_by: reviewer.user.id,
        reviewed_at: sql<Date>`now()`,
      })),
    )
    .execute();
  await markVerified(app, saver.user.id, reviewer.user.id, {
    confirmEmail: overrides.verified !== false,
    sanctionsList: overrides.sanctionsList !== false,
  });
  return saver;
}

/**
 * Marks an existing saver as verified, straight in the database: confirmed personal data, KYC
 * approved and (unless `confirmEmail` is false) a confirmed e-mail address, which is what approving an
 * application asks for. For tests
 * whose subject is not KYC (account-security.test.ts tests the e-mail rule).
 */
export async function markVerified(
  app: FastifyInstance,
  userId: string,
  reviewerId: string | null = null,
  { confirmEmail = true, sanctionsList = true }: { confirmEmail?: boolean; sanctionsList?: boolean } = {},
) {
  if (sanctionsList) await ensureCurrentSanctionsList(app);
  await app.db
    .insertInto("kyc_profiles")
    .values({
      user_id: userId,
      date_of_birth: VALID_PROFILE.date_of_birth,
      place_of_birth: VALID_PROFILE.place_of_birth,
      nationality: "DE",
      street: VALID_PROFILE.address.street,
      postcode: VALID_PROFILE.address.postcode,
      city: VALID_PROFILE.address.city,
      country: "DE",
      tax_residency: "DE",
      tax_id: VALID_PROFILE.tax_id,
      is_pep: false,
      review_status: "approved",
      reviewed_by: reviewerId,
      reviewed_at: new Date(),
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  await app.db
    .updateTable("users")
    .set(
      confirmEmail
        ? { kyc_status: "approved", email_verified_at: sql`coalesce(email_verified_at, now())` }
        : { kyc_status: "approved" },
    )
    .where("id", "=", userId)
    .execute();
}

/**
 * An approval needs a screening against a sanctions list loaded within the allowed age: for tests whose
 * subject is not screening, an empty list (no entries, so no hits) loaded now, unless a recent one is
 * there. The saver is screened against it when an approval asks.
 */
export async function ensureCurrentSanctionsList(app: FastifyInstance) {
  const recent = await app.db
    .selectFrom("sanctions_lists")
    .select("id")
    .where("checked_at", ">", sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  if (recent) return;
  const loader = await createAdmin(app, { full_name: "List Loader" });
  await app.db
    .insertInto("sanctions_lists")
    .values({
      version: `test-${randomUUID()}`,
      sha256: randomUUID().replace(/-/g, "").padEnd(64, "0"),
      entry_count: 0,
      name_count: 0,
      loaded_by: loader.user.id,
    })
    .execute();
}

/** When this test process started: the generationDate sanctionsFixture() stamps, the same for each call. */
const FIXTURE_DATE = new Date();
/** The version (generationDate) of sanctionsFixture() as the server records it. */
export const SANCTIONS_FIXTURE_VERSION = FIXTURE_DATE.toISOString();

/**
 * The test copy of the EU list dated `generated` (default: when the test process started, so that the
 * same file comes out on each call). An approval counts a list's age from its own date.
 */
export function sanctionsFixture(generated: Date = FIXTURE_DATE): string {
  const xml = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "eu-sanctions-list.xml"), "utf8");
  return xml.replace(/generationDate="[^"]+"/, `generationDate="${generated.toISOString()}"`);
}
