import { createHash } from "node:crypto";
import {
  type SanctionsHit,
  type SanctionsHitDecision,
  type SanctionsHitQuery,
  type SanctionsList,
  sanctionsHitDecisionSchema,
  sanctionsHitQuerySchema,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { ScreeningTrigger } from "../../db/tables/identity.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import * as identityRepo from "./identity.repository.ts";
import * as repo from "./sanctions.repository.ts";
import { parseEuSanctionsList, SanctionsListFormatError } from "./sanctions-list.ts";
import { type ScreenedEntry, screenName } from "./sanctions-matcher.ts";

type Db = Kysely<DB>;

interface LoadedList {
  id: string;
  version: string;
  entries: ScreenedEntry[];
}

/** The entries of the list in force, read once per list (a list never changes once loaded). */
let cached: LoadedList | null = null;

async function listInForce(db: Db): Promise<LoadedList | null> {
  const latest = await repo.latestList(db);
  if (!latest) return null;
  if (cached?.id !== latest.id) {
    const rows = await repo.listEntries(db, latest.id);
    cached = {
      id: latest.id,
      version: latest.version,
      entries: rows.map((r) => ({
        id: r.id,
        reference: r.reference,
        names: r.names,
        birthdates: r.birthdates,
      })),
    };
  }
  return cached;
}

/**
 * Screens one saver (account name and date of birth) against a list and records the screening with
 * the list version; possible matches go to the review queue. A match staff cleared before (same
 * listed entity, same name) is recorded as cleared again rather than asked twice.
 */
async function screenAgainst(
  db: Db,
  list: LoadedList,
  person: { id: string; full_name: string; date_of_birth: string | null },
  trigger: ScreeningTrigger,
) {
  const hits = screenName(person.full_name, person.date_of_birth, list.entries);
  return db.transaction().execute(async (trx) => {
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

/** Screens one saver against the list in force (no list loaded yet: nothing to screen against). */
export async function screenUser(db: Db, userId: string, trigger: ScreeningTrigger) {
  const list = await listInForce(db);
  if (!list) return null;
  const user = await identityRepo.findUser(db, userId);
  const profile = await identityRepo.findProfile(db, userId);
  if (!user) return null;
  return screenAgainst(
    db,
    list,
    { id: user.id, full_name: user.full_name, date_of_birth: profile?.date_of_birth ?? null },
    trigger,
  );
}

/**
 * Loads a new version of the EU consolidated list and screens every saver with personal data
 * against it. The same file twice is refused (409), so a version is never screened twice by mistake.
 */
export async function loadList(db: Db, admin: User, file: Buffer): Promise<SanctionsList> {
  const sha256 = createHash("sha256").update(file).digest("hex");
  let parsed: ReturnType<typeof parseEuSanctionsList>;
  try {
    parsed = parseEuSanctionsList(file.toString("utf8"));
  } catch (error) {
    if (error instanceof SanctionsListFormatError) throw badRequest("sanctions_list_invalid", error.message);
    throw error;
  }
  const list = await db.transaction().execute(async (trx) => {
    if (await repo.findListBySha(trx, sha256)) {
      throw conflict("sanctions_list_known", "This list file has already been loaded");
    }
    const row = await repo.insertList(trx, {
      version: parsed.version,
      sha256,
      entry_count: parsed.entities.length,
      name_count: parsed.entities.reduce((n, e) => n + e.names.length, 0),
      loaded_by: admin.id,
    });
    await repo.insertEntries(trx, row.id, parsed.entities);
    await recordAudit(trx, admin, {
      action: "sanctions.list_loaded",
      targetType: "sanctions_list",
      targetId: row.id,
      details: { version: parsed.version, entries: parsed.entities.length, sha256 },
    });
    return row;
  });
  const loaded = await listInForce(db);
  let screened = 0;
  let newHits = 0;
  if (loaded && loaded.id === list.id) {
    for (const person of await repo.screenableUsers(db)) {
      const result = await screenAgainst(db, loaded, person, "list_load");
      screened += 1;
      newHits += result.newOpen;
    }
  }
  return {
    id: list.id,
    version: list.version,
    entries: list.entry_count,
    names: list.name_count,
    loaded_at: list.loaded_at.toISOString(),
    loaded_by: { id: admin.id, full_name: admin.full_name },
    screened_users: screened,
    new_hits: newHits,
  };
}

export async function lists(db: Db): Promise<SanctionsList[]> {
  const rows = await repo.listLists(db);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    entries: r.entry_count,
    names: r.name_count,
    loaded_at: r.loaded_at.toISOString(),
    loaded_by: { id: r.loaded_by, full_name: r.loaded_by_name },
    screened_users: Number(r.screened ?? 0),
    new_hits: 0,
  }));
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
