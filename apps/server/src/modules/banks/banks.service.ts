import {
  type AdminBank,
  type BankCreateBody,
  type BankUpdateBody,
  BOOKS_CURRENCY,
  type DepositGuaranteeBank,
  isNegative,
  isZero,
  type Language,
  type Money,
  moneyFromDb,
  moneyToJsonCents,
  type PackageBank,
  type PublicBank,
  subtract,
  type User,
  zero,
} from "@festgeld/domain";
import type { Kysely, Selectable, Updateable } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { BanksTable, LocalizedText } from "../../db/tables/banks.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { invalidatePackagesCache } from "../packages/packages.service.ts";
import * as repo from "./banks.repository.ts";

type Db = Kysely<DB>;
type BankRow = Selectable<BanksTable>;

/** A partner bank's receiving account, as a deposit stores it at approval. */
export interface ReceivingAccount {
  holder: string;
  iban: string;
  bic: string;
  name: string | null;
}

const EMPTY_TEXT: LocalizedText = { en: "", de: "", fr: "" };
const inLanguage = (textByLanguage: LocalizedText | null | undefined, language: Language) =>
  textByLanguage?.[language]?.trim() ? textByLanguage[language] : (textByLanguage?.en ?? "");

/** Where a bank's logo is served; the version makes a new upload a new address (long caching). */
const logoUrl = (row: BankRow) =>
  row.logo_key && row.logo_updated_at
    ? `/api/banks/${row.slug}/logo?v=${row.logo_updated_at.getTime().toString(36)}`
    : null;

const rating = (row: BankRow) =>
  row.country_rating && row.country_rating_source && row.country_rating_date
    ? { rating: row.country_rating, source: row.country_rating_source, date: row.country_rating_date }
    : null;

const scheme = (row: BankRow) => ({
  name: row.scheme_name,
  coverage_cents: moneyToJsonCents(moneyFromDb(row.scheme_coverage_cents, BOOKS_CURRENCY)),
  website: row.scheme_website,
  contact: row.scheme_contact,
  repayment_days: row.scheme_repayment_days,
});

export const toPackageBank = (row: Pick<BankRow, "id" | "slug" | "name" | "country">): PackageBank => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  country: row.country.trim(),
});

/** What the saver and the staff both see of a bank (its texts differ: one language, or all). */
function bankProfile(row: BankRow) {
  return {
    ...toPackageBank(row),
    city: row.city,
    bic: row.bic,
    lei: row.lei,
    supervisor: row.supervisor,
    register_entry: row.register_entry,
    scheme: scheme(row),
    country_rating: rating(row),
    logo_url: logoUrl(row),
    partner_since: row.partner_since,
  };
}

export function toPublicBank(row: BankRow, language: Language): PublicBank {
  return {
    ...bankProfile(row),
    description: inLanguage(row.description, language),
    info_sheet: inLanguage(row.info_sheet, language),
    accepting_deposits: row.status === "active",
  };
}

type Exposure = AdminBank["exposure"];
const NO_EXPOSURE: Exposure = { held_cents: 0, pending_cents: 0, savers: 0 };

function toAdminBank(row: BankRow, packageCount: number, exposure: Exposure): AdminBank {
  return {
    ...bankProfile(row),
    description: { ...EMPTY_TEXT, ...row.description },
    info_sheet: { ...EMPTY_TEXT, ...row.info_sheet },
    account:
      row.account_holder && row.account_iban && row.account_bic
        ? { holder: row.account_holder, iban: row.account_iban, bic: row.account_bic }
        : null,
    status: row.status,
    package_count: packageCount,
    exposure,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/* ------------------------------------------------------------- public */

/** Every partner bank's public profile, by name (other modules list banks through this). */
export async function listPublicBanks(db: Db, language: Language): Promise<PublicBank[]> {
  return (await repo.listBanks(db)).map((row) => toPublicBank(row, language));
}

export async function getPublicBank(db: Db, slug: string, language: Language): Promise<PublicBank> {
  const row = await repo.findBankBySlug(db, slug);
  if (!row) throw notFound("bank_not_found", "This bank does not exist.");
  return toPublicBank(row, language);
}

/**
 * Whether an IBAN is one of the partner banks' receiving accounts, and under which holder and bank name
 * (for the public check of transfer details and the books). Pass the IBAN normalised (no spaces,
 * upper case).
 */
export async function findPartnerAccountByIban(
  db: Db,
  iban: string,
): Promise<{
  holder: string;
  iban: string;
  bic: string;
  bank: PackageBank & { status: "active" | "paused" };
} | null> {
  const row = await repo.findBankByAccountIban(db, iban);
  if (!row?.account_holder || !row.account_iban || !row.account_bic) return null;
  return {
    holder: row.account_holder,
    iban: row.account_iban,
    bic: row.account_bic,
    bank: { ...toPackageBank(row), status: row.status },
  };
}

/**
 * The account a deposit for this package is paid into: its bank's receiving account, or the configured
 * PARTNER_BANK_* account while the bank has none (docs/decisions.md "Partner banks as data").
 */
export async function receivingAccountOfPackage(
  db: Db,
  packageId: string,
  fallback: ReceivingAccount,
): Promise<ReceivingAccount> {
  const bank = await repo.findBankOfPackage(db, packageId);
  if (bank?.account_holder && bank.account_iban && bank.account_bic) {
    return { holder: bank.account_holder, iban: bank.account_iban, bic: bank.account_bic, name: bank.name };
  }
  return fallback;
}

/** The bank a package belongs to, or undefined for an unknown package. */
export async function bankOfPackage(db: Db, packageId: string): Promise<BankRow | undefined> {
  return repo.findBankOfPackage(db, packageId);
}

/** At start-up: a seeded bank without an account gets the configured PARTNER_BANK_* one. */
export async function seedMissingAccounts(db: Db, account: ReceivingAccount) {
  await repo.fillMissingAccounts(db, account);
}

/**
 * The 100,000 EUR guarantee counts per bank and depositor: what the saver holds at each bank now (the
 * journal's balances of the deposits there), what is pending (applications not decided, approved ones
 * not yet funded), and what is left under that bank scheme's coverage. Banks where the saver holds and
 * awaits nothing are left out.
 */
export async function guaranteeByBank(db: Db, userId: string): Promise<GuaranteeAtBank[]> {
  // A deposit guarantee scheme protects euros, and the journal's balances are in the books' currency.
  const cents = (value: number | bigint | string) => moneyFromDb(value, BOOKS_CURRENCY);
  return (await repo.guaranteeTotalsByBank(db, userId))
    .map((row) => ({
      bank: toPackageBank(row),
      limit: cents(row.scheme_coverage_cents),
      held: cents(row.held_cents),
      pending: cents(row.pending_cents),
    }))
    .filter(({ held, pending }) => !isZero(held) || !isZero(pending))
    .map((bank) => {
      const left = subtract(subtract(bank.limit, bank.held), bank.pending);
      return { ...bank, left: isNegative(left) ? zero(BOOKS_CURRENCY) : left };
    });
}

/** What the saver holds, awaits and may still place at one bank under its scheme's coverage. */
export interface GuaranteeAtBank {
  bank: PackageBank;
  limit: Money;
  held: Money;
  pending: Money;
  left: Money;
}

export const toDepositGuaranteeBank = (g: GuaranteeAtBank): DepositGuaranteeBank => ({
  bank: g.bank,
  limit_cents: moneyToJsonCents(g.limit),
  held_cents: moneyToJsonCents(g.held),
  pending_cents: moneyToJsonCents(g.pending),
  left_cents: moneyToJsonCents(g.left),
});

/* ---------------------------------------------------------- back office */

export async function listAdminBanks(db: Db): Promise<AdminBank[]> {
  const [rows, exposures] = await Promise.all([repo.listBanks(db), repo.exposureByBank(db)]);
  const byId = new Map(
    exposures.map((e) => [
      e.id,
      {
        held_cents: moneyToJsonCents(moneyFromDb(e.held_cents, BOOKS_CURRENCY)),
        pending_cents: moneyToJsonCents(moneyFromDb(e.pending_cents, BOOKS_CURRENCY)),
        savers: Number(e.savers),
      },
    ]),
  );
  return rows.map((row) => toAdminBank(row, Number(row.package_count ?? 0), byId.get(row.id) ?? NO_EXPOSURE));
}

async function adminBank(db: Db, row: BankRow): Promise<AdminBank> {
  const list = await listAdminBanks(db);
  return list.find((b) => b.id === row.id) ?? toAdminBank(row, 0, NO_EXPOSURE);
}

/** The fields an audit entry shows for a bank (the API's view without the counters). */
const auditView = (b: AdminBank) => {
  const {
    package_count: _count,
    exposure: _exposure,
    created_at: _created,
    updated_at: _updated,
    ...rest
  } = b;
  return rest;
};

async function checkUnique(db: Db, fields: { slug?: string; iban?: string }, exceptId: string | null) {
  if (fields.slug !== undefined && (await repo.takenByAnotherBank(db, "slug", fields.slug, exceptId))) {
    throw conflict("bank_slug_taken", "Another bank already has this address (slug).");
  }
  if (
    fields.iban !== undefined &&
    (await repo.takenByAnotherBank(db, "account_iban", fields.iban, exceptId))
  ) {
    throw conflict("bank_account_taken", "This receiving account is already another bank's.");
  }
}

type Changes = Updateable<BanksTable>;

function changesFrom(input: BankUpdateBody): Changes {
  const changes: Changes = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.country !== undefined) changes.country = input.country;
  if (input.city !== undefined) changes.city = input.city;
  if (input.bic !== undefined) changes.bic = input.bic;
  if (input.lei !== undefined) changes.lei = input.lei;
  if (input.supervisor !== undefined) changes.supervisor = input.supervisor;
  if (input.register_entry !== undefined) changes.register_entry = input.register_entry;
  if (input.description !== undefined) changes.description = JSON.stringify(input.description);
  if (input.scheme !== undefined) {
    changes.scheme_name = input.scheme.name;
    if (input.scheme.coverage_cents !== undefined)
      changes.scheme_coverage_cents = input.scheme.coverage_cents;
    if (input.scheme.website !== undefined) changes.scheme_website = input.scheme.website;
    if (input.scheme.contact !== undefined) changes.scheme_contact = input.scheme.contact || null;
    if (input.scheme.repayment_days !== undefined)
      changes.scheme_repayment_days = input.scheme.repayment_days;
  }
  if (input.info_sheet !== undefined) changes.info_sheet = JSON.stringify(input.info_sheet);
  if (input.country_rating !== undefined) {
    changes.country_rating = input.country_rating?.rating ?? null;
    changes.country_rating_source = input.country_rating?.source ?? null;
    changes.country_rating_date = input.country_rating?.date ?? null;
  }
  if (input.account !== undefined) {
    changes.account_holder = input.account.holder;
    changes.account_iban = input.account.iban;
    changes.account_bic = input.account.bic;
  }
  if (input.partner_since !== undefined) changes.partner_since = input.partner_since;
  if (input.status !== undefined) changes.status = input.status;
  return changes;
}

export async function createBank(db: Db, admin: User, input: BankCreateBody): Promise<AdminBank> {
  const created = await db.transaction().execute(async (trx) => {
    await checkUnique(trx, { slug: input.slug, iban: input.account.iban }, null);
    const changes = changesFrom(input);
    const row = await repo.insertBank(trx, {
      ...changes,
      name: input.name,
      slug: input.slug,
      country: input.country,
      bic: input.bic,
      supervisor: input.supervisor,
      register_entry: input.register_entry,
      scheme_name: input.scheme.name,
      description: JSON.stringify(input.description ?? EMPTY_TEXT),
      info_sheet: JSON.stringify(input.info_sheet),
    } as Parameters<typeof repo.insertBank>[1]);
    const bank = toAdminBank(row, 0, NO_EXPOSURE);
    await recordAudit(trx, admin, {
      action: "bank.created",
      targetType: "bank",
      targetId: bank.id,
      details: { after: auditView(bank) },
    });
    return row;
  });
  return adminBank(db, created);
}

/** Changes a bank. Pausing withdraws its packages from sale; deposits made keep their account. */
export async function updateBank(db: Db, admin: User, id: string, input: BankUpdateBody): Promise<AdminBank> {
  const updated = await db.transaction().execute(async (trx) => {
    const current = await repo.findBankForUpdate(trx, id);
    if (!current) throw notFound("bank_not_found", "This bank does not exist.");
    const account = input.account;
    await checkUnique(
      trx,
      { ...(input.slug ? { slug: input.slug } : {}), ...(account ? { iban: account.iban } : {}) },
      id,
    );
    const changes = changesFrom(input);
    if (Object.keys(changes).length === 0) throw badRequest("validation_failed", "Nothing to change");
    const before = auditView(toAdminBank(current, 0, NO_EXPOSURE));
    const row = await repo.updateBank(trx, id, changes);
    const after = auditView(toAdminBank(row, 0, NO_EXPOSURE));
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    await recordAudit(trx, admin, {
      action: "bank.updated",
      targetType: "bank",
      targetId: id,
      details: {
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
    });
    return row;
  });
  // The packages list names each package's bank and leaves out a paused bank's packages.
  invalidatePackagesCache(db);
  return adminBank(db, updated);
}
