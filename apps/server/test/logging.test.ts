import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { createTestDatabase } from "./helpers/app.ts";

/** Logs are JSON lines only, and every line written for a request carries that request's id. */
const lines: string[] = [];
let close: () => Promise<void>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    DATA_DIR: `/tmp/festgeld-log-${randomBytes(6).toString("hex")}`,
    WEB_DIST_DIR: "/nonexistent",
  });
  app = await buildApp({
    config,
    database,
    closeDatabase: false,
    logStream: { write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean)) },
  });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
  };
});
afterAll(async () => close?.());

describe("request logs", () => {
  it("are JSON, and each line of a request has the id taken from X-Request-Id (and returned)", async () => {
    const given = await app.inject({ url: "/api/packages", headers: { "x-request-id": "lb-7f3a9c" } });
    expect(given.headers["x-request-id"]).toBe("lb-7f3a9c");
    const made = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "x" } });
    const madeId = made.headers["x-request-id"] as string;
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/);

    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const ofGiven = parsed.filter((entry) => entry.reqId === "lb-7f3a9c");
    const ofMade = parsed.filter((entry) => entry.reqId === madeId);
    expect(ofGiven.map((e) => e.msg)).toEqual(
      expect.arrayContaining(["incoming request", "request completed"]),
    );
    expect(ofMade.map((e) => e.msg)).toEqual(
      expect.arrayContaining(["incoming request", "request completed"]),
    );
    // Nothing logged while the requests ran lacks an id.
    expect(parsed.filter((entry) => entry.msg?.startsWith("request") && !entry.reqId)).toEqual([]);
  });
});
