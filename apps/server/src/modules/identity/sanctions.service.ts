import { createHash } from "node:crypto";
import {
  type SanctionsHit,
  type SanctionsHitDecision,
  type SanctionsHitQuery,
  type SanctionsList,
  type SanctionsScreeningRun,
  sanctionsHitDecisionSchema,
  sanctionsHitQuerySchema,
  type User,
} from "@festgeld/domain";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { ClaimedJob, JobHandler } from "../../db/job-queue.ts";
import type { DB } from "../../db/schema.ts";
import type { ScreeningTrigger } from "../../db/tables/identity.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { DEMO_SANCTIONS_LIST } from "./demo-sanctions-list.ts";
import * as identityRepo from "./identity.repository.ts";
import * as repo from "./sanctions.repository.ts";
import { parseEuSanctionsList, SanctionsListFormatError } from "./sanctions-list.ts";
import { type PreparedList, prepareEntries, screenName } from "./sanctions-matcher.ts";

type Db = Kysely<DB>;

interface LoadedList {
  id: string;
  version: string;
  /** The list's own date (generationDate): its age counts from here, not from its upload. */
  generatedAt: Date;
  entries: PreparedList;
}

/** The entries of the list in force, read and indexed once per list (a list never changes once loaded). */
let cached: LoadedList | null = null;

async function listInForce(db: Db): Promise<LoadedList | null> {
  const latest = await repo.latestList(db);
  if (!latest) return null;
  if (cached?.id !== latest.id) {
    const rows = await repo.listEntries(db, latest.id);
    cached = {
      id: latest.id,
      version: latest.version,
      generatedAt: latest.generated_at,
      entries: prepareEntries(
        rows.map((r) => ({ id: r.id, reference: r.reference, names: r.names, birthdates: r.birthdates })),
      ),
    };
  }
  return { ...cached, generatedAt: latest.generated_at };
}

/** Runs `work` in a transaction, or in the one `db` already is. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

interface ScreenedPerson {
  id: string;
  full_name: string;
  date_of_birth: string | null;
  /** Where the name comes from: the account, or an ident provider's verification. */
  source?: "account" | "ident";
}

/**
 * Screens one name of a saver (with a date of birth) against a list and records the screening with
 * the list version; possible matches go to the review queue. A match staff cleared before (same
 * listed entity, same name) is recorded as cleared again rather than asked twice.
 */
async function screenAgainst(db: Db, list: LoadedList, person: ScreenedPerson, trigger: ScreeningTrigger) {
  const hits = screenName(person.full_name, person.date_of_birth, list.entries);
  return inTransaction(db, async (trx) => {
    const screening = await repo.insertScreening(trx, {
      user_id: person.id,
      list_id: list.id,
      trigger,
      screened_name: person.full_name,
      screened_date_of_birth: person.date_of_birth,
      hit_count: hits.length,
    });
    let newOpen = 0;
    for (const hit of hits) {
      const earlier = await repo.findClearedHit(trx, person.id, hit.entry.reference, person.full_name);
      const inserted = await repo.insertHit(trx, {
        screening_id: screening.id,
        user_id: person.id,
        entry_id: hit.entry.id,
        entry_reference: hit.entry.reference,
        screened_name: person.full_name,
        matched_name: hit.matchedName,
        score: hit.score,
        date_of_birth_match: hit.dateOfBirthMatch,
        ...(earlier
          ? {
              status: "cleared",
              reason: `Cleared earlier (hit ${earlier.id})`,
              decided_by: earlier.decided_by,
              decided_at: earlier.decided_at ?? new Date(),
            }
          : {}),
      });
      if (inserted && !earlier) newOpen += 1;
    }
    return { hits: hits.length, newOpen };
  });
}

/**
 * Every name that identifies the saver, each with a date of birth: the account name with the date of
 * birth of the personal data, and each name an ident provider verified with the date it verified
 * (docs/decisions.md, "Screening every name that identifies the saver").
 */
async function namesOf(db: Db, userId: string): Promise<ScreenedPerson[]> {
  const [user, profile, idents] = await Promise.all([
    identityRepo.findUser(db, userId),
    identityRepo.findProfile(db, userId),
    repo.verifiedIdentNames(db, userId),
  ]);
  if (!user) return [];
  return namesFrom(
    { id: userId, full_name: user.full_name, date_of_birth: profile?.date_of_birth ?? null },
    idents,
  );
}

function namesFrom(
  account: { id: string; full_name: string; date_of_birth: string | null },
  idents: ReadonlyArray<{
    first_name: string | null;
    last_name: string | null;
    date_of_birth: string | null;
  }>,
): ScreenedPerson[] {
  const userId = account.id;
  const profileDob = account.date_of_birth;
  const names: ScreenedPerson[] = [
    { id: userId, full_name: account.full_name, date_of_birth: profileDob, source: "account" },
  ];
  for (const ident of idents) {
    const fullName = [ident.first_name, ident.last_name].filter(Boolean).join(" ").trim();
    if (!fullName) continue;
    names.push({
      id: userId,
      full_name: fullName,
      date_of_birth: ident.date_of_birth ?? profileDob,
      source: "ident",
    });
  }
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = `${n.full_name}|${n.date_of_birth}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function screenPerson(
  db: Db,
  list: LoadedList,
  userId: string,
  trigger: ScreeningTrigger,
  only?: (person: ScreenedPerson) => boolean,
) {
  let hits = 0;
  let newOpen = 0;
  for (const person of await namesOf(db, userId)) {
    if (only && !only(person)) continue;
    const fromIdent = person.source === "ident" && trigger === "verification";
    const result = await screenAgainst(db, list, person, fromIdent ? "ident" : trigger);
    hits += result.hits;
    newOpen += result.newOpen;
  }
  return { hits, newOpen };
}

/** Screens every name of one saver against the list in force (no list loaded yet: nothing to screen against). */
export async function screenUser(db: Db, userId: string, trigger: ScreeningTrigger) {
  const list = await listInForce(db);
  if (!list) return null;
  return screenPerson(db, list, userId, trigger);
}

/** How old the list in force may be for an approval, and the time to reckon it by. */
export interface ListAgePolicy {
  maxAgeDays: number;
  now: Date;
}

/**
 * Whether every name of the saver is screened against a list dated (its own generationDate) within the
 * allowed age: false
 * when there is no such list. A name not yet screened against it (the background run has not reached
 * the saver, or the account name changed since) is screened now, so that an approval never goes by
 * an old name nor waits for the run.
 */
export async function screenedAgainstCurrentList(db: Db, userId: string, policy: ListAgePolicy) {
  const list = await listInForce(db);
  if (!list) return false;
  if (policy.now.getTime() - list.generatedAt.getTime() > policy.maxAgeDays * 86_400_000) return false;
  const done = await repo.screenedNames(db, userId, list.id);
  await screenPerson(db, list, userId, done.size === 0 ? "approval" : "name_change", (person) => {
    return !done.has(`${person.full_name}|${person.date_of_birth}`);
  });
  return true;
}

/** Savers screened per job: one batch is one transaction of the job queue. */
export const SCREENING_BATCH = 500;
const SCREEN_JOB = "sanctions.screen";

function runView(run: Awaited<ReturnType<typeof repo.findRun>> | undefined): SanctionsScreeningRun | null {
  if (!run) return null;
  return {
    id: run.id,
    status: run.status,
    total: run.total,
    screened: run.screened,
    new_hits: run.new_hits,
    started_at: run.started_at.toISOString(),
    finished_at: run.finished_at ? run.finished_at.toISOString() : null,
  };
}

function listView(
  row: {
    id: string;
    version: string;
    sha256: string;
    demonstration: boolean;
    entry_count: number;
    name_count: number;
    loaded_at: Date;
    checked_at: Date;
  },
  loadedBy: { id: string; full_name: string },
  run: ReturnType<typeof runView>,
): SanctionsList {
  return {
    id: row.id,
    version: row.version,
    demonstration: row.demonstration,
    entries: row.entry_count,
    names: row.name_count,
    loaded_at: row.loaded_at.toISOString(),
    checked_at: row.checked_at.toISOString(),
    loaded_by: loadedBy,
    screened_users: run?.screened ?? 0,
    new_hits: run?.new_hits ?? 0,
    screening: run,
  };
}

/**
 * Loads a version of the EU consolidated list and starts screening every saver against it in the
 * background (job `sanctions.screen`, a batch per job, resumed after a restart). The same file again
 * is accepted (200) and everyone is screened against it again; its age still counts from its own
 * generationDate (docs/decisions.md, "A list screens everyone in the background", "Approval needs a
 * current list").
 */
/** A list may be dated up to a day ahead of the server's clock (the EU dates it in Brussels time). */
const FUTURE_TOLERANCE_MS = 86_400_000;

export async function loadList(
  db: Db,
  admin: User,
  file: Buffer,
  now: Date,
  options: { demonstration?: boolean } = {},
): Promise<{ created: boolean; list: SanctionsList }> {
  const sha256 = createHash("sha256").update(file).digest("hex");
  let parsed: ReturnType<typeof parseEuSanctionsList>;
  try {
    parsed = parseEuSanctionsList(file.toString("utf8"));
  } catch (error) {
    if (error instanceof SanctionsListFormatError) throw badRequest("sanctions_list_invalid", error.message);
    throw error;
  }
  // A list dated ahead of now would pass the age check for as long as its date lies ahead.
  if (parsed.generatedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw badRequest("sanctions_list_invalid", "The list's generationDate lies in the future");
  }
  return db.transaction().execute(async (trx) => {
    const known = await repo.findListBySha(trx, sha256);
    const row = known
      ? await repo.renewList(trx, known.id, now)
      : await repo.insertList(trx, {
          // Dated by the app's clock, which the approval's age check reckons by too.
          loaded_at: now,
          checked_at: now,
          generated_at: parsed.generatedAt,
          version: parsed.version,
          sha256,
          entry_count: parsed.entities.length,
          name_count: parsed.entities.reduce((n, e) => n + e.names.length, 0),
          loaded_by: admin.id,
          demonstration: options.demonstration ?? false,
        });
    if (!known) await repo.insertEntries(trx, row.id, parsed.entities);
    await repo.supersedeRuns(trx, now);
    const run = await repo.insertRun(trx, {
      list_id: row.id,
      started_by: admin.id,
      total: await repo.countScreenable(trx),
    });
    await repo.scheduleJob(trx, {
      name: SCREEN_JOB,
      key: `${SCREEN_JOB}:${run.id}:start`,
      runAt: now,
      payload: { run_id: run.id, batch: SCREENING_BATCH },
    });
    await recordAudit(trx, admin, {
      action: "sanctions.list_loaded",
      targetType: "sanctions_list",
      targetId: row.id,
      details: { version: parsed.version, entries: parsed.entities.length, sha256, again: Boolean(known) },
    });
    const loader = known ? await identityRepo.findUser(trx, row.loaded_by) : admin;
    return {
      created: !known,
      list: listView(row, { id: row.loaded_by, full_name: loader?.full_name ?? "" }, runView(run)),
    };
  });
}

/**
 * One batch of a screening run, inside the job's transaction: the next savers in id order, their
 * screenings and the run's progress commit together with the job, so a restart repeats at most the
 * batch under way. The next batch is a new job; a run a newer one replaced stops.
 */
async function screenBatch(trx: Transaction<DB>, job: ClaimedJob, now: Date) {
  const runId = String(job.payload.run_id ?? "");
  const batch = Math.max(1, Number(job.payload.batch ?? SCREENING_BATCH));
  const run = await repo.findRun(trx, runId);
  if (run?.status !== "running") return;
  const list = await listInForce(trx);
  if (!list || list.id !== run.list_id) {
    await repo.supersedeRuns(trx, now);
    return;
  }
  const savers = await repo.screenableAfter(trx, run.cursor, batch);
  const idents = await repo.verifiedIdentNamesOf(
    trx,
    savers.map((s) => s.id),
  );
  // Names without a possible match (nearly all) are recorded in one statement; the others one by one,
  // with their hits (screenAgainst).
  const clean: Array<Insertable<DB["sanctions_screenings"]>> = [];
  let newHits = 0;
  for (const saver of savers) {
    const names = namesFrom(
      saver,
      idents.filter((i) => i.user_id === saver.id),
    );
    for (const person of names) {
      if (screenName(person.full_name, person.date_of_birth, list.entries).length === 0) {
        clean.push({
          user_id: saver.id,
          list_id: list.id,
          trigger: "list_load",
          screened_name: person.full_name,
          screened_date_of_birth: person.date_of_birth,
          hit_count: 0,
        });
      } else {
        newHits += (await screenAgainst(trx, list, person, "list_load")).newOpen;
      }
    }
  }
  await repo.insertScreenings(trx, clean);
  const last = savers.at(-1)?.id ?? run.cursor;
  const done = savers.length < batch;
  await repo.advanceRun(trx, run.id, { screened: savers.length, newHits, cursor: last, done, now });
  if (!done) {
    await repo.scheduleJob(trx, {
      name: SCREEN_JOB,
      key: `${SCREEN_JOB}:${run.id}:${last}`,
      runAt: now,
      payload: { run_id: run.id, batch },
    });
  }
}

/**
 * Loads the demonstration list (invented names) as staff would load the EU list, so that a first run
 * can approve; refused in production (docs/decisions.md "The demonstration sanctions list").
 */
export function loadDemoList(db: Db, admin: User, now: Date, production: boolean) {
  if (production) {
    throw conflict(
      "sanctions_demo_list_production",
      "The demonstration sanctions list is not available in production: load the EU consolidated list",
    );
  }
  // Dated the moment it is loaded: a list's age counts from its own generationDate, and the invented
  // names of this one do not go out of date.
  const stamped = DEMO_SANCTIONS_LIST.replace(
    /generationDate="[^"]*"/,
    `generationDate="${now.toISOString()}"`,
  );
  return loadList(db, admin, Buffer.from(stamped, "utf8"), now, { demonstration: true });
}

export const sanctionsJobHandlers: Record<typeof SCREEN_JOB, JobHandler> = { [SCREEN_JOB]: screenBatch };

export async function lists(db: Db): Promise<SanctionsList[]> {
  const [rows, runs] = await Promise.all([repo.listLists(db), repo.latestRuns(db)]);
  return rows.map((r) =>
    listView(
      r,
      { id: r.loaded_by, full_name: r.loaded_by_name },
      runView(runs.find((run) => run.list_id === r.id)),
    ),
  );
}

export function toHit(row: repo.HitRow): SanctionsHit {
  return {
    id: row.id,
    user_id: row.user_id,
    user_email: row.user_email,
    user_full_name: row.user_full_name,
    screened_name: row.screened_name,
    screened_date_of_birth: row.screened_date_of_birth,
    list_version: row.list_version,
    entry_reference: row.entry_reference,
    entry_names: row.entry_names,
    entry_birthdates: row.entry_birthdates,
    matched_name: row.matched_name,
    score: Number(row.score),
    date_of_birth_match: row.date_of_birth_match,
    status: row.status,
    decided_by:
      row.decided_by && row.decided_by_name ? { id: row.decided_by, full_name: row.decided_by_name } : null,
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
  };
}

export async function listHits(db: Db, query: SanctionsHitQuery) {
  const q = sanctionsHitQuerySchema.parse(query);
  const { items, total } = await repo.listHits(db, q);
  return { items: items.map(toHit), total };
}

export async function userHits(db: Db, userId: string) {
  const { items } = await repo.listHits(db, { status: "all", limit: 1000, offset: 0, userId });
  return items.map(toHit);
}

const hitNotFound = () => notFound("sanctions_hit_not_found", "Sanctions hit not found");

/** Clears or confirms an open hit, once; the decision and its audit entry are one transaction. */
export async function decideHit(db: Db, admin: User, id: string, input: SanctionsHitDecision) {
  const decision = sanctionsHitDecisionSchema.parse(input);
  const existing = await repo.findHit(db, id);
  if (!existing) throw hitNotFound();
  await db.transaction().execute(async (trx) => {
    const updated = await repo.decideHit(trx, id, {
      status: decision.decision === "clear" ? "cleared" : "confirmed",
      reason: decision.reason,
      decided_by: admin.id,
    });
    if (!updated) throw conflict("sanctions_hit_already_decided", "This hit has already been decided");
    await recordAudit(trx, admin, {
      action: "sanctions.hit_decided",
      targetType: "sanctions_hit",
      targetId: id,
      details: { decision: decision.decision, reason: decision.reason, user_id: existing.user_id },
    });
  });
  const row = await repo.findHit(db, id);
  if (!row) throw hitNotFound();
  return toHit(row);
}

export const hitCounts = repo.hitCounts;
export const screenings = repo.listScreenings;
