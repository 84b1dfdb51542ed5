import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "./helpers/cli.ts";

/**
 * The compiled server (`npm run build` -> apps/server/dist) as a process manager runs it: it starts
 * with `node` alone, answers, and a SIGTERM stops it within 5 s with its port free, also when the
 * signal goes to npm (`npm run serve`) instead of to node itself.
 */
const repoRoot = path.resolve(import.meta.dirname, "../../..");
const compiled = path.join(repoRoot, "apps/server/dist/server.js");
const dataDir = path.join(os.tmpdir(), `festgeld-compiled-${randomBytes(4).toString("hex")}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

async function startServer(command: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WEB_DIST_DIR: "/nonexistent",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`server not ready in time: ${stderr}`);
}

/** Sends SIGTERM and measures how long until the process exits. */
async function terminate(
  child: ChildProcess,
): Promise<{ ms: number; code: number | null; signal: string | null }> {
  const started = Date.now();
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.kill("SIGTERM");
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("no exit within 10 s of SIGTERM"));
    }, 10_000),
  );
  const result = await Promise.race([exited, timeout]);
  return { ms: Date.now() - started, ...result };
}

beforeAll(() => {
  // Only the server: the web app is not needed here (WEB_DIST_DIR points nowhere).
  buildServer();
  expect(existsSync(compiled)).toBe(true);
}, 120_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// About the process, not the database: listed as database-independent in vitest.config.ts, so the
// PostgreSQL pass leaves it out.
describe("the compiled server", () => {
  it("starts with node alone, answers, and stops gracefully on SIGTERM within 5 s, its port free", async () => {
    const { child, port } = await startServer(process.execPath, [compiled]);
    const packages = await fetch(`http://127.0.0.1:${port}/api/packages`);
    expect(packages.status).toBe(200);
    expect(((await packages.json()) as unknown[]).length).toBeGreaterThan(0);
    const stopped = await terminate(child);
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(5000);
    expect(await portIsFree(port)).toBe(true);
  }, 200_000);

  it("a SIGTERM sent to npm (npm run serve) reaches the server: the port is free within 5 s", async () => {
    const { child, port } = await startServer("npm", ["run", "--silent", "serve"]);
    const started = Date.now();
    await terminate(child);
    let free = await portIsFree(port);
    while (!free && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 100));
      free = await portIsFree(port);
    }
    expect(free).toBe(true);
  }, 200_000);
});
