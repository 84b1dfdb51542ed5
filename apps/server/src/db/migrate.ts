import fs from "node:fs/promises";
import path from "node:path";
import { LANGUAGES } from "@festgeld/domain";
import type { Database } from "./database.ts";

const MIGRATIONS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations");

/**
 * Applies the numbered, forward-only SQL files in db/migrations that this database has not seen,
 * in order, each in its own transaction together with its bookkeeping row. Returns the versions applied.
 * Its SQL stays here: the runner is an exception to "SQL only in repositories" (docs/decisions.md).
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return database.withMigrationLock(async (execScript) => {
    await execScript(
      "create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())",
    );
    const applied = new Set(
      (await database.db.selectFrom("schema_migrations").select("version").execute()).map((r) => r.version),
    );
    const done: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, "");
      if (applied.has(version)) continue;
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), "utf8");
      await execScript(
        `begin;\n${sql}\n;insert into schema_migrations (version) values ('${version}');\ncommit;`,
      );
      done.push(version);
    }
    // The language foreign keys (migration 0150) accept every entry of LANGUAGES: a language added to
    // the list needs no migration of its own. The entries are two lower-case letters (the table checks).
    const values = LANGUAGES.map((language) => `('${language}')`).join(", ");
    await execScript(`insert into languages (code) values ${values} on conflict do nothing;`);
    return done;
  });
}
