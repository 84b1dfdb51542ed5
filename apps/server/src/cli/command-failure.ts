import { ConfigError } from "../config/env.ts";

/**
 * How an operator's command ends when it fails: each configuration problem on a line of its own,
 * otherwise what failed and why; exit code 1.
 */
export function exitFailed(what: string, error: unknown): never {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
