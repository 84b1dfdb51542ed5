import path from "node:path";

/** Where the guard of no-checkout-data.setup.ts keeps what it saw (one per test file). */
export const DATA_DIR_GUARD = Symbol.for("festgeld.test.data-dir-guard");

export interface DataDirGuard {
  forbidden: string[];
  violations: string[];
}

/** The checkout's data directories: `./data` at the root (the quick start's) and in the server's folder. */
export function checkoutDataDirs(root: string): string[] {
  return [path.join(root, "data"), path.join(root, "apps", "server", "data")];
}

export function dataDirGuard(): DataDirGuard {
  const guard = (globalThis as Record<symbol, unknown>)[DATA_DIR_GUARD] as DataDirGuard | undefined;
  if (!guard) throw new Error("the data directory guard is not installed (vitest.config.ts setupFiles)");
  return guard;
}
