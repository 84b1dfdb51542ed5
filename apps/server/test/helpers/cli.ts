import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

/** The repository's root, where the server's commands are run from. */
export const repoRoot = path.resolve(import.meta.dirname, "../../../..");

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The server's programs, as `npm start` and the operator's commands run them (tools/start.mjs). */
export type Program = "server" | "migrate" | "admin-create" | "backup" | "restore" | "rotate-key";

let built = false;

/**
 * Builds the server's programs into `apps/server/dist` when they are out of date (tools/build.mjs, as `npm
 * start` does), once per test process; throws with the build's output when it fails.
 */
export function buildServer(): void {
  if (built) return;
  const build = spawnSync(process.execPath, ["tools/build.mjs", "--only", "server"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`building the server failed: ${build.stderr}`);
  built = true;
}

/**
 * Runs one of the server's compiled programs (`apps/server/dist/<program>.js`, built first if it is out
 * of date) as an operator does with `npm run <program>`: in a child process with only PATH, HOME,
 * LOG_LEVEL=silent and the given environment, no terminal on stdin.
 */
export function runProgram(
  program: Program,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptResult> {
  buildServer();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, "apps/server/dist", `${program}.js`), ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
