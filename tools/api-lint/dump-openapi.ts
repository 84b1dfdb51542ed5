import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config/env.ts";
import { openPGlite } from "../../apps/server/src/db/database.ts";

/**
 * Writes the OpenAPI document exactly as the server serves it (GET /api/openapi.json of the whole
 * app on an empty in-memory database) to the file given as the first argument.
 */
const target = process.argv[2];
if (!target) throw new Error("usage: dump-openapi.ts <file>");

const dataDir = join(tmpdir(), `festgeld-openapi-${randomBytes(6).toString("hex")}`);
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  WEB_DIST_DIR: "/nonexistent",
});
const database = await openPGlite(null);
const app = await buildApp({ config, database, logger: false });
try {
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  writeFileSync(target, `${JSON.stringify(res.json(), null, 2)}\n`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
