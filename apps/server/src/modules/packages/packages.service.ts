import { createHash } from "node:crypto";
import {
  currencyFromDb,
  type InterestPayout,
  type Language,
  moneyFromDb,
  moneyToJsonNumber,
  type Package,
  type PackageBank,
  packageListSchema,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import * as repo from "./packages.repository.ts";

/** A package as stored, with its bank's slug, name, country and status. */
type PackageRow = repo.PackageWithBankRow;

/**
 * One package, offered or not, as stored with its bank (other modules read packages through this
 * service). It is offered when it is active and its bank is not paused: see `isOffered`.
 */
export function findPackage(db: Kysely<DB>, id: string): Promise<PackageRow | undefined> {
  return repo.findPackageById(db, id);
}

/** A package's bank, and when the package pays interest (what an application shows of its package). */
export type PackageBankAndPayout = PackageBank & { interest_payout: InterestPayout };

/** The bank of each of the given packages, by package id (applications name their package's bank). */
export async function banksOfPackages(
  db: Kysely<DB>,
  packageIds: readonly string[],
): Promise<Map<string, PackageBankAndPayout>> {
  const ids = [...new Set(packageIds)];
  if (ids.length === 0) return new Map();
  const rows = await repo.listBanksOfPackages(db, ids);
  return new Map(
    rows.map((r) => [
      r.package_id,
      {
        id: r.id,
        slug: r.slug,
        name: r.name,
        country: r.country.trim(),
        interest_payout: r.interest_payout,
      },
    ]),
  );
}

/** Whether a package is on offer: active, at a bank that is not paused. */
export const isOffered = (row: Pick<PackageRow, "is_active" | "bank_status">) =>
  row.is_active && row.bank_status === "active";

/** The package offered today for a term and currency at the given one's bank, that one first (a renewal's rate). */
export function packageInForce(
  db: Kysely<DB>,
  terms: { durationMonths: number; currency: string; preferredId: string },
): Promise<PackageRow | undefined> {
  return repo.findPackageInForce(db, terms);
}

/** The active package with the best rate for a term and currency today, if any. */
export function bestActivePackage(
  db: Kysely<DB>,
  terms: { durationMonths: number; currency: string },
): Promise<PackageRow | undefined> {
  return repo.findBestActivePackage(db, terms);
}

/** A packages row as the API shows it, with features in the requested language (English fallback). */
export function toPackage(row: PackageRow, language: Language): Package {
  const features = row.features?.[language]?.length ? row.features[language] : (row.features?.en ?? []);
  return {
    id: row.id,
    duration_months: row.duration_months,
    interest_rate: Number(row.interest_rate),
    min_amount: moneyToJsonNumber(moneyFromDb(row.min_amount_cents, currencyFromDb(row.currency))),
    max_amount: moneyToJsonNumber(moneyFromDb(row.max_amount_cents, currencyFromDb(row.currency))),
    currency: row.currency.trim() as Package["currency"],
    features,
    interest_payout: row.interest_payout,
    bank: { id: row.bank_id, slug: row.bank_slug, name: row.bank_name, country: row.bank_country.trim() },
  };
}

/**
 * The active packages are read on every packages, compare, calculator and apply page, and change only
 * when an admin edits them: they are cached per process, invalidated on every change made here, and
 * re-read after a short time so that other processes pick up changes made elsewhere.
 */
export const PACKAGES_CACHE_TTL_MS = 10_000;

interface CacheEntry {
  rows: PackageRow[];
  /** The serialised answer per language, with its ETag: the hot path sends ready bytes. */
  json: Map<Language, { body: Buffer; etag: string }>;
}
/**
 * The entry of each database and when its read began. The read itself is cached (a promise), so the
 * requests that arrive while it runs share it: when the entry expired under load, each of them used
 * to read the packages and serialise them again (docs/decisions.md "Hot paths, fourth pass").
 */
const cache = new WeakMap<Kysely<DB>, { entry: Promise<CacheEntry>; at: number }>();

function entryFor(db: Kysely<DB>): Promise<CacheEntry> {
  let slot = cache.get(db);
  if (!slot || Date.now() - slot.at > PACKAGES_CACHE_TTL_MS) {
    const entry = repo.listActivePackages(db).then((rows): CacheEntry => ({ rows, json: new Map() }));
    const fresh = { entry, at: Date.now() };
    slot = fresh;
    cache.set(db, fresh);
    // A failed read is not kept: the next request tries again.
    entry.catch(() => {
      if (cache.get(db) === fresh) cache.delete(db);
    });
  }
  return slot.entry;
}

/**
 * The active packages as JSON validated against the contract once, plus a strong ETag. Bytes rather
 * than a string: a string would be encoded again for every answer.
 */
export async function listActiveJson(
  db: Kysely<DB>,
  language: Language,
): Promise<{ body: Buffer; etag: string }> {
  const entry = await entryFor(db);
  let cached = entry.json.get(language);
  if (!cached) {
    const list = packageListSchema.parse(entry.rows.map((row) => toPackage(row, language)));
    const body = Buffer.from(JSON.stringify(list), "utf8");
    cached = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    entry.json.set(language, cached);
  }
  return cached;
}

/**
 * The version of the packages the next answer is made from: the same object while the cached read holds,
 * a different one (or undefined) once it was invalidated or has expired. An answer made from the read may
 * be replayed while this returns what it returned before the read (plugins/answer-replay.ts).
 */
export function packagesVersion(db: Kysely<DB>): object | undefined {
  const slot = cache.get(db);
  return slot && Date.now() - slot.at <= PACKAGES_CACHE_TTL_MS ? slot : undefined;
}

export function invalidatePackagesCache(db: Kysely<DB>) {
  cache.delete(db);
}
