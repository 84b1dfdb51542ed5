import { type Insertable, type Kysely, sql } from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { SanctionsHitsTable } from "../../db/tables/identity.ts";

type Db = Kysely<DB>;

export function findListBySha(db: Db, sha256: string) {
  return db.selectFrom("sanctions_lists").select("id").where("sha256", "=", sha256).executeTakeFirst();
}

export function insertList(db: Db, values: Insertable<DB["sanctions_lists"]>) {
  return db.insertInto("sanctions_lists").values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertEntries(
  db: Db,
  listId: string,
  entries: ReadonlyArray<{ reference: string; names: string[]; birthdates: string[] }>,
) {
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insertInto("sanctions_entries")
      .values(
        entries.slice(i, i + 500).map((e) => ({
          list_id: listId,
          reference: e.reference,
          names: JSON.stringify(e.names),
          birthdates: JSON.stringify(e.birthdates),
        })),
      )
      .execute();
  }
}

/** The list in force: the one loaded last (a file loaded again counts from then). */
export function latestList(db: Db) {
  return db
    .selectFrom("sanctions_lists")
    .selectAll()
    .orderBy("checked_at", "desc")
    .orderBy("loaded_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The same file loaded again: still current from now on (the app's clock, which approvals reckon by). */
export function renewList(db: Db, id: string, now: Date) {
  return db
    .updateTable("sanctions_lists")
    .set({ checked_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The names (with dates of birth) the saver has been screened under against this list. */
export async function screenedNames(db: Db, userId: string, listId: string) {
  const rows = await db
    .selectFrom("sanctions_screenings")
    .select([
      "screened_name",
      sql<string | null>`to_char(screened_date_of_birth, 'YYYY-MM-DD')`.as("date_of_birth"),
    ])
    .distinct()
    .where("user_id", "=", userId)
    .where("list_id", "=", listId)
    .execute();
  return new Set(rows.map((r) => `${r.screened_name}|${r.date_of_birth}`));
}

/** The names an ident provider verified for the saver, with the date of birth it verified. */
export function verifiedIdentNames(db: Db, userId: string) {
  return verifiedIdentNamesOf(db, [userId]);
}

/** Savers to screen when a list is loaded: open accounts with personal data or a verified ident. */
function screenableQuery(db: Db) {
  return db
    .selectFrom("users as u")
    .where("u.erase_after", "is", null)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom("kyc_profiles as p").select("p.user_id").whereRef("p.user_id", "=", "u.id")),
        eb.exists(
          eb
            .selectFrom("ident_verifications as v")
            .select("v.id")
            .whereRef("v.user_id", "=", "u.id")
            .where("v.result", "=", "verified"),
        ),
      ]),
    );
}

export async function countScreenable(db: Db) {
  const row = await screenableQuery(db)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next savers of a run, in id order after `cursor`, with the account name and date of birth. */
export function screenableAfter(db: Db, cursor: string | null, limit: number) {
  let q = screenableQuery(db)
    .leftJoin("kyc_profiles as kp", "kp.user_id", "u.id")
    .select([
      "u.id",
      "u.full_name",
      sql<string | null>`to_char(kp.date_of_birth, 'YYYY-MM-DD')`.as("date_of_birth"),
    ])
    .orderBy("u.id")
    .limit(limit);
  if (cursor) q = q.where("u.id", ">", cursor);
  return q.execute();
}

/** The names ident providers verified for several savers at once. */
export function verifiedIdentNamesOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("ident_verifications")
    .select([
      "user_id",
      "first_name",
      "last_name",
      sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as("date_of_birth"),
    ])
    .where("user_id", "in", userIds)
    .where("result", "=", "verified")
    .orderBy("created_at")
    .execute();
}

/** Screenings without a possible match, many in one statement. */
export async function insertScreenings(
  db: Db,
  values: ReadonlyArray<Insertable<DB["sanctions_screenings"]>>,
) {
  for (let i = 0; i < values.length; i += 1000) {
    await db
      .insertInto("sanctions_screenings")
      .values(values.slice(i, i + 1000))
      .execute();
  }
}

export function insertRun(db: Db, values: Insertable<DB["sanctions_screening_runs"]>) {
  return db.insertInto("sanctions_screening_runs").values(values).returningAll().executeTakeFirstOrThrow();
}

export function findRun(db: Db, id: string) {
  return db.selectFrom("sanctions_screening_runs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Runs still going are superseded by a new one: it screens everyone again. */
export function supersedeRuns(db: Db, now: Date) {
  return db
    .updateTable("sanctions_screening_runs")
    .set({ status: "superseded", finished_at: now })
    .where("status", "=", "running")
    .execute();
}

export function advanceRun(
  db: Db,
  id: string,
  step: { screened: number; newHits: number; cursor: string | null; done: boolean; now: Date },
) {
  return db
    .updateTable("sanctions_screening_runs")
    .set((eb) => ({
      screened: eb("screened", "+", step.screened),
      new_hits: eb("new_hits", "+", step.newHits),
      cursor: step.cursor,
      ...(step.done ? { status: "done" as const, finished_at: step.now } : {}),
    }))
    .where("id", "=", id)
    .where("status", "=", "running")
    .execute();
}

/** The latest run of each list. */
export function latestRuns(db: Db) {
  return db
    .selectFrom("sanctions_screening_runs")
    .selectAll()
    .distinctOn("list_id")
    .orderBy("list_id")
    .orderBy("started_at", "desc")
    .execute();
}

/** Schedules a job once per key (the job queue's own insert). */
export { scheduleJob } from "../../db/job-queue.ts";

export function listEntries(db: Db, listId: string) {
  return db.selectFrom("sanctions_entries").selectAll().where("list_id", "=", listId).execute();
}

export function listLists(db: Db) {
  return db
    .selectFrom("sanctions_lists as l")
    .innerJoin("users as u", "u.id", "l.loaded_by")
    .selectAll("l")
    .select("u.full_name as loaded_by_name")
    .select((eb) =>
      eb
        .selectFrom("sanctions_screenings as s")
        .select(countRows().as("n"))
        .whereRef("s.list_id", "=", "l.id")
        .where("s.trigger", "=", "list_load")
        .as("screened"),
    )
    .orderBy("l.checked_at", "desc")
    .orderBy("l.loaded_at", "desc")
    .execute();
}

export function insertScreening(db: Db, values: Insertable<DB["sanctions_screenings"]>) {
  return db.insertInto("sanctions_screenings").values(values).returning("id").executeTakeFirstOrThrow();
}

/** A cleared earlier hit of the same person on the same listed entity under the same name, if any. */
export function findClearedHit(db: Db, userId: string, entryReference: string, screenedName: string) {
  return db
    .selectFrom("sanctions_hits")
    .select(["id", "decided_by", "decided_at"])
    .where("user_id", "=", userId)
    .where("entry_reference", "=", entryReference)
    .where("screened_name", "=", screenedName)
    .where("status", "=", "cleared")
    .orderBy("decided_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function insertHit(db: Db, values: Insertable<SanctionsHitsTable>) {
  return db
    .insertInto("sanctions_hits")
    .values(values)
    .onConflict((oc) => oc.columns(["user_id", "entry_id", "screened_name"]).doNothing())
    .returning("id")
    .executeTakeFirst();
}

function hitsQuery(db: Db) {
  return db
    .selectFrom("sanctions_hits as h")
    .innerJoin("users as u", "u.id", "h.user_id")
    .innerJoin("sanctions_entries as e", "e.id", "h.entry_id")
    .innerJoin("sanctions_lists as l", "l.id", "e.list_id")
    .innerJoin("sanctions_screenings as s", "s.id", "h.screening_id")
    .leftJoin("users as d", "d.id", "h.decided_by")
    .selectAll("h")
    .select([
      "u.email as user_email",
      "u.full_name as user_full_name",
      "e.names as entry_names",
      "e.birthdates as entry_birthdates",
      "l.version as list_version",
      sql<string | null>`to_char(s.screened_date_of_birth, 'YYYY-MM-DD')`.as("screened_date_of_birth"),
      "d.full_name as decided_by_name",
    ]);
}
export type HitRow = Awaited<ReturnType<typeof findHit>> & {};

export function findHit(db: Db, id: string) {
  return hitsQuery(db).where("h.id", "=", id).executeTakeFirst();
}

export async function listHits(
  db: Db,
  filter: { status: string; limit: number; offset: number; userId?: string },
) {
  let rows = hitsQuery(db);
  let count = db.selectFrom("sanctions_hits as h").select(countRows().as("n"));
  if (filter.status !== "all") {
    rows = rows.where("h.status", "=", filter.status as "open");
    count = count.where("h.status", "=", filter.status as "open");
  }
  if (filter.userId) {
    rows = rows.where("h.user_id", "=", filter.userId);
    count = count.where("h.user_id", "=", filter.userId);
  }
  const [items, total] = await Promise.all([
    rows.orderBy("h.created_at").orderBy("h.id").limit(filter.limit).offset(filter.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export function decideHit(
  db: Db,
  id: string,
  values: { status: "cleared" | "confirmed"; reason: string; decided_by: string },
) {
  return db
    .updateTable("sanctions_hits")
    .set({ ...values, decided_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "=", "open")
    .returning("id")
    .executeTakeFirst();
}

/** How many of a saver's hits are open and how many confirmed. */
export async function hitCounts(db: Db, userId: string) {
  const rows = await db
    .selectFrom("sanctions_hits")
    .select(["status", countRows().as("n")])
    .where("user_id", "=", userId)
    .where("status", "in", ["open", "confirmed"])
    .groupBy("status")
    .execute();
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { open: of("open"), confirmed: of("confirmed") };
}

export function listScreenings(db: Db, userId: string) {
  return db
    .selectFrom("sanctions_screenings as s")
    .innerJoin("sanctions_lists as l", "l.id", "s.list_id")
    .select([
      "s.id",
      "s.trigger",
      "s.screened_name",
      "s.hit_count",
      "s.created_at",
      "l.version as list_version",
    ])
    .where("s.user_id", "=", userId)
    .orderBy("s.created_at", "desc")
    .execute();
}
