import {
  BUSINESS_TIME_ZONE,
  dateInZone,
  eur,
  moneyToJsonCents,
  moneyToJsonNumber,
  type TrialBalance,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import * as repo from "./ledger.repository.ts";
import { accountsFor } from "./ledger-accounts.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** The business day of an instant (the books count days in the business time zone). */
export const businessDate = (instant: Date) => dateInZone(instant, BUSINESS_TIME_ZONE);

export interface Posting extends repo.NewEntry {
  /** Signed cents per account (positive = debit, negative = credit); zero lines are left out. */
  lines: ReadonlyArray<{ account: string; cents: bigint }>;
}

/**
 * Books one journal entry, once: an entry with the same reference already booked leaves the books as
 * they are (each posting is idempotent by its reference). Lines of zero are dropped; an entry whose
 * lines all are zero is not booked. That the lines sum to zero is checked here and, at commit, by
 * the database. Returns the entry id, or undefined when nothing was booked.
 */
export async function post(db: Db, posting: Posting): Promise<bigint | undefined> {
  const lines = posting.lines.filter((l) => l.cents !== 0n);
  if (lines.length === 0) return undefined;
  const sum = lines.reduce((total, l) => total + l.cents, 0n);
  if (sum !== 0n) throw new Error(`journal entry ${posting.reference} does not balance (${sum} cents)`);
  const id = await repo.insertEntry(db, posting);
  if (id === undefined) return undefined;
  await repo.insertLines(
    db,
    lines.map((l) => ({ entry_id: id, account: l.account, amount_cents: l.cents })),
  );
  return id;
}

/**
 * Books many journal entries at once, each as `post` would (same checks, idempotent by reference, a
 * reference named twice in the batch booked once, the first time), with one statement for the
 * entries and one for their lines: the set-based form of a maturity batch's postings.
 */
export async function postMany(db: Db, postings: readonly Posting[]): Promise<void> {
  const seen = new Set<string>();
  const booked: Posting[] = [];
  for (const posting of postings) {
    const lines = posting.lines.filter((l) => l.cents !== 0n);
    if (lines.length === 0 || seen.has(posting.reference)) continue;
    const sum = lines.reduce((total, l) => total + l.cents, 0n);
    if (sum !== 0n) throw new Error(`journal entry ${posting.reference} does not balance (${sum} cents)`);
    seen.add(posting.reference);
    booked.push({ ...posting, lines });
  }
  if (booked.length === 0) return;
  const ids = await repo.insertEntries(db, booked);
  await repo.insertLines(
    db,
    booked.flatMap((posting) => {
      const id = ids.get(posting.reference);
      return id === undefined
        ? []
        : posting.lines.map((l) => ({ entry_id: id, account: l.account, amount_cents: l.cents }));
    }),
  );
}

/** Opens the accounts of several partner bank accounts and deposits in one statement. */
export function openAccountsOf(
  db: Db,
  accounts: ReadonlyArray<{ iban: string; depositIds: readonly string[] }>,
) {
  return repo.ensureAccounts(
    db,
    accounts.flatMap((a) => accountsFor(a.iban, a.depositIds)),
  );
}

/** The receiving partner bank account of each of some deposits. */
export async function depositIbans(db: Db, depositIds: readonly string[]): Promise<Map<string, string>> {
  const ibans = await repo.depositBankIbans(db, depositIds);
  for (const id of depositIds) if (!ibans.has(id)) throw new Error(`deposit ${id} not found for the journal`);
  return ibans;
}

/**
 * Reverses an entry: a new entry naming it, with every line negated, on the given effective date.
 * An entry is reversed at most once (the database holds `reverses_entry_id` unique).
 */
export async function reverse(
  db: Db,
  entryId: bigint,
  input: {
    kind: string;
    reference: string;
    effective_date: string;
    created_at: Date;
    details?: Record<string, unknown>;
  },
): Promise<bigint | undefined> {
  if (await repo.isReversed(db, entryId)) return undefined;
  const original = await repo.findEntryById(db, entryId);
  if (!original) return undefined;
  const lines = await repo.linesOfEntry(db, entryId);
  return post(db, {
    ...input,
    deposit_id: original.deposit_id,
    payment_order_id: original.payment_order_id,
    reverses_entry_id: entryId,
    lines: lines.map((l) => ({ account: l.account, cents: -l.amount_cents })),
  });
}

/** Opens the accounts of a partner bank account (and of deposits held there) before posting to them. */
export function openAccounts(db: Db, iban: string, depositIds: readonly string[] = []) {
  return repo.ensureAccounts(db, accountsFor(iban, depositIds));
}

/** A deposit's receiving partner bank account. */
export async function depositIban(db: Db, depositId: string): Promise<string> {
  const iban = await repo.depositBankIban(db, depositId);
  if (!iban) throw new Error(`deposit ${depositId} not found for the journal`);
  return iban;
}

/** Each deposit's journal balance, as the saver reads it (what the deposit owes: credit, so negated). */
export async function depositBalances(db: Db, depositIds: readonly string[]): Promise<Map<string, bigint>> {
  const balances = await repo.depositBalances(db, depositIds);
  return new Map([...balances].map(([id, cents]) => [id, -cents]));
}

/**
 * Every account's balance at the end of a day (by effective date), debit positive. The total is
 * exactly zero because every entry's lines are (docs/decisions.md "The journal: accounts and signs").
 */
export async function trialBalance(db: Db, date: string): Promise<TrialBalance> {
  const rows = await repo.balancesAt(db, date);
  let debits = 0n;
  let credits = 0n;
  for (const r of rows) {
    if (r.cents > 0n) debits += r.cents;
    else credits += r.cents;
  }
  const total = debits + credits;
  return {
    date,
    currency: "EUR",
    accounts: rows.map((r) => ({
      account: r.address,
      type: r.type,
      bank_iban: r.bank_iban,
      balance: moneyToJsonNumber(eur(r.cents)),
      balance_cents: moneyToJsonCents(eur(r.cents)),
    })),
    debits: moneyToJsonNumber(eur(debits)),
    credits: moneyToJsonNumber(eur(credits)),
    total: moneyToJsonNumber(eur(total)),
    total_cents: moneyToJsonCents(eur(total)),
  };
}
