import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { declaredStatuses, operationList } from "@festgeld/domain";

/**
 * Global setup of the server tests: a directory for the statuses each test file saw, and at the end
 * a summary of which declared (operation, status) pairs the suite exercised. Undeclared statuses fail
 * the file that saw them (statuses.setup.ts); this only reports coverage.
 */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), "festgeld-statuses-"));
  process.env.FESTGELD_STATUS_DIR = dir;
  return () => {
    const seen = new Set<string>();
    for (const name of readdirSync(dir)) {
      for (const pair of JSON.parse(readFileSync(join(dir, name), "utf8")) as string[]) seen.add(pair);
    }
    rmSync(dir, { recursive: true, force: true });
    if (seen.size === 0) return;
    const declared = operationList.flatMap((o) => declaredStatuses(o).map((s) => `${o.id} ${s}`));
    const covered = declared.filter((pair) => seen.has(pair));
    console.log(
      `Declared statuses seen in this run: ${covered.length} of ${declared.length} (operation, status) pairs.`,
    );
  };
}
