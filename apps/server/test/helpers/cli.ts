import { spawn } from "node:child_process";
import path from "node:path";

/** The repository's root, where the server's commands are run from. */
export const repoRoot = path.resolve(import.meta.dirname, "../../../..");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript entry point of the server (a path from the repository's root) as an operator does:
 * in a child process with only PATH, HOME, LOG_LEVEL=silent and the given environment, no terminal on
 * stdin.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [path.join(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
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
