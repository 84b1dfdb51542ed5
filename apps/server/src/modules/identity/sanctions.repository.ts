import { type Insertable, type Kysely, sql } from "kysely";
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

/** The list in force: the one loaded last. */
export function latestList(db: Db) {
  return db
    .selectFrom("sanctions_lists")
    .selectAll()
    .orderBy("loaded_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

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
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("s.list_id", "=", "l.id")
        .where("s.trigger", "=", "list_load")
        .as("screened"),
    )
    .orderBy("l.loaded_at", "desc")
    .execute();
}

/** Savers with personal data, with what is screened: the account name and the date of birth. */
export function screenableUsers(db: Db) {
  return db
    .selectFrom("kyc_profiles as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["u.id", "u.full_name", sql<string>`to_char(p.date_of_birth, 'YYYY-MM-DD')`.as("date_of_birth")])
    .where("u.erase_after", "is", null)
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
  let count = db.selectFrom("sanctions_hits as h").select((eb) => eb.fn.countAll<number>().as("n"));
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
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
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
