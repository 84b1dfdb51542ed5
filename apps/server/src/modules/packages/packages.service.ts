import type { Language, Package } from "@festgeld/domain";
import type { Kysely, Selectable } from "kysely";
import type { DB, PackagesTable } from "../../db/schema.ts";
import * as repo from "./packages.repository.ts";

type PackageRow = Selectable<PackagesTable>;

/** A packages row as the API shows it, with features in the requested language (English fallback). */
export function toPackage(row: PackageRow, language: Language): Package {
  const features = row.features?.[language]?.length ? row.features[language] : (row.features?.en ?? []);
  return {
    id: row.id,
    duration_months: row.duration_months,
    interest_rate: Number(row.interest_rate),
    min_amount: Number(row.min_amount),
    max_amount: Number(row.max_amount),
    currency: row.currency.trim() as Package["currency"],
    features,
  };
}

/**
 * The active packages are read on every packages, compare, calculator and apply page, and change only
 * when an admin edits them: they are cached per process, invalidated on every change made here, and
 * re-read after a short time so that other processes pick up changes made elsewhere.
 */
const CACHE_TTL_MS = 10_000;
const cache = new WeakMap<Kysely<DB>, { rows: PackageRow[]; at: number }>();

export async function listActive(db: Kysely<DB>, language: Language): Promise<Package[]> {
  let entry = cache.get(db);
  if (!entry || Date.now() - entry.at > CACHE_TTL_MS) {
    entry = { rows: await repo.listActivePackages(db), at: Date.now() };
    cache.set(db, entry);
  }
  return entry.rows.map((row) => toPackage(row, language));
}

export function invalidatePackagesCache(db: Kysely<DB>) {
  cache.delete(db);
}
