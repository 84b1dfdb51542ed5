import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  LANGUAGES
} from "./chunk-YUME3DMW.js";

// apps/server/src/db/migrate.ts
import fs from "node:fs/promises";
import path from "node:path";
var MIGRATIONS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations");
async function migrate(database) {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return database.withMigrationLock(async (execScript) => {
    await execScript(
      "create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())"
    );
    const applied = new Set(
      (await database.db.selectFrom("schema_migrations").select("version").execute()).map((r) => r.version)
    );
    const done = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, "");
      if (applied.has(version)) continue;
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), "utf8");
      await execScript(
        `begin;
${sql}
;insert into schema_migrations (version) values ('${version}');
commit;`
      );
      done.push(version);
    }
    const values = LANGUAGES.map((language) => `('${language}')`).join(", ");
    await execScript(`insert into languages (code) values ${values} on conflict do nothing;`);
    return done;
  });
}

export {
  migrate
};
//# sourceMappingURL=chunk-2QAYZ43G.js.map
