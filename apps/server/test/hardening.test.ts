import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { openPGlite } from "../src/db/database.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser, uniqueEmail } from "./helpers/factories.ts";
import { jpegBytes, multipartBody } from "./helpers/kyc-files.ts";

/**
 * Requests built to hurt: valid shapes carrying characters PostgreSQL refuses, bodies that trickle
 * in, oversized headers and paths. Each gets a 4xx in the shared `{detail, code}` shape and changes
 * nothing. Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let saver: Awaited<ReturnType<typeof createUser>>;
let packageId: string;
let applicationId: string;
let kycDocumentId: string;
let tables: string[];

let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.9.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

async function rowCounts(): Promise<string> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.app.db,
    );
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return JSON.stringify(counts);
}

/** A digest of the rows a refused request must not have touched. */
async function contentDigest(): Promise<string> {
  const { rows } = await sql<{ digest: string }>`
    select md5(
      coalesce((select string_agg(full_name || email, ',' order by id) from users), '') ||
      coalesce((select string_agg(status || coalesce(admin_notes, ''), ',' order by id) from applications), '') ||
      coalesce((select string_agg(status::text || coalesce(rejection_reason, ''), ',' order by id) from kyc_documents), '')
    ) as digest`.execute(t.app.db);
  return rows[0]?.digest ?? "";
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  saver = await createUser(t.app);
  const pkg = await t.app.db
    .selectFrom("packages")
    .select("id")
    .where("duration_months", "=", 12)
    .executeTakeFirstOrThrow();
  packageId = pkg.id;
  const created = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: saver.headers,
    remoteAddress: nextAddress(),
    payload: applicationBody(),
  });
  expect(created.statusCode).toBe(201);
  applicationId = created.json().id;
  const body = multipartBody([
    { name: "file", filename: "id.jpg", contentType: "image/jpeg", data: jpegBytes() },
  ]);
  const uploaded = await t.app.inject({
    method: "POST",
    url: "/api/kyc/upload/id_card",
    headers: { ...saver.headers, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(201);
  kycDocumentId = uploaded.json().id;
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.app.db);
  tables = rows.map((r) => r.table_name);
});
afterAll(() => t.close());

/** Another app with other settings on this file's database (a fresh database per app is slow). */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    ...env,
    LOG_LEVEL: "silent",
    DATA_DIR: t.config.dataDir,
    WEB_DIST_DIR: "/nonexistent",
  });
  const app = await buildApp({ config, database: t.database, closeDatabase: false, logger: false });
  await app.ready();
  return app;
}

function applicationBody(overrides: Record<string, unknown> = {}) {
  return {
    full_name: "Erika Mustermann",
    email: "erika@example.test",
    phone: "+49 30 1234567",
    amount: 10_000,
    package_id: packageId,
    message: "Please call me in the afternoon.",
    reference_iban: "DE89 3704 0044 0532 0130 00",
    maturity_instruction: "payout",
    info_sheet_acknowledged: true,
    ...overrides,
  };
}

type Case = {
  name: string;
  method: "GET" | "POST" | "PATCH";
  url: (bad: string) => string;
  headers: () => Record<string, string>;
  payload?: (bad: string) => Record<string, unknown>;
  /** In the address: a lone surrogate has no UTF-8 form to send, so only NUL applies. */
  inUrl?: true;
};

/** Every text field the hostile-input review found answering 500, in a request otherwise valid. */
const cases: Case[] = [
  {
    name: "register: name",
    method: "POST",
    url: () => "/api/auth/register",
    headers: () => ({}),
    payload: (bad) => ({ email: uniqueEmail(), password: "Tr0ub4dor&3-horse", full_name: `Erika${bad}` }),
  },
  {
    name: "register: e-mail",
    method: "POST",
    url: () => "/api/auth/register",
    headers: () => ({}),
    payload: (bad) => ({
      email: `a${bad}${uniqueEmail()}`,
      password: "Tr0ub4dor&3-horse",
      full_name: "Erika",
    }),
  },
  {
    name: "application: name",
    method: "POST",
    url: () => "/api/applications",
    headers: () => saver.headers,
    payload: (bad) => applicationBody({ full_name: `Erika${bad}Mustermann` }),
  },
  {
    name: "application: message",
    method: "POST",
    url: () => "/api/applications",
    headers: () => saver.headers,
    payload: (bad) => applicationBody({ message: `call me${bad}` }),
  },
  {
    name: "application: a key",
    method: "POST",
    url: () => "/api/applications",
    headers: () => saver.headers,
    payload: (bad) => ({ ...applicationBody(), [`note${bad}`]: "x" }),
  },
  {
    name: "profile: name",
    method: "PATCH",
    url: () => "/api/auth/profile",
    headers: () => saver.headers,
    payload: (bad) => ({ full_name: `Erika${bad}`, email: saver.user.email }),
  },
  {
    name: "admin user search",
    method: "GET",
    url: (bad) => `/api/admin/users?search=${encodeURIComponent(`erika${bad}`)}`,
    headers: () => admin.headers,
    inUrl: true,
  },
  {
    name: "notification: title and message",
    method: "POST",
    url: () => "/api/admin/notifications/send",
    headers: () => admin.headers,
    payload: (bad) => ({ title: `Hello${bad}`, message: `World${bad}` }),
  },
  {
    name: "application decision: notes",
    method: "PATCH",
    url: () => `/api/admin/applications/${applicationId}/decision`,
    headers: () => admin.headers,
    payload: (bad) => ({ decision: "rejected", admin_notes: `no${bad}` }),
  },
  {
    name: "KYC decision: reason",
    method: "PATCH",
    url: () => `/api/admin/kyc/documents/${kycDocumentId}/decision`,
    headers: () => admin.headers,
    payload: (bad) => ({ decision: "reject", reason: `blurred${bad}` }),
  },
  {
    name: "contact: message",
    method: "POST",
    url: () => "/api/contact",
    headers: () => ({}),
    payload: (bad) => ({ name: "Erika", email: "erika@example.test", subject: "Hello", message: `Hi${bad}` }),
  },
  {
    name: "a path parameter",
    method: "GET",
    url: (bad) => `/api/admin/kyc/documents/${encodeURIComponent(`x${bad}`)}/history`,
    headers: () => admin.headers,
    inUrl: true,
  },
];

const BAD = { nul: "\u0000", "lone high surrogate": "\ud800", "lone low surrogate": "x\udc00y" };

describe("characters PostgreSQL refuses", () => {
  for (const c of cases) {
    for (const [label, bad] of Object.entries(BAD)) {
      if (c.inUrl && label !== "nul") continue;
      it(`${c.name} with a ${label}: 400 invalid_characters, nothing changed`, async () => {
        const before = `${await rowCounts()}|${await contentDigest()}`;
        const res = await t.app.inject({
          method: c.method,
          url: c.url(bad),
          headers: c.headers(),
          remoteAddress: nextAddress(),
          ...(c.payload ? { payload: c.payload(bad) } : {}),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code: "invalid_characters", detail: expect.any(String) });
        expect(`${await rowCounts()}|${await contentDigest()}`).toBe(before);
      });
    }
  }

  it("the same requests without the bad character reach the database", async () => {
    const accepted = [
      "register: name",
      "application: message",
      "profile: name",
      "admin user search",
      "contact: message",
    ];
    for (const c of cases.filter((x) => accepted.includes(x.name))) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url(""),
        headers: c.headers(),
        remoteAddress: nextAddress(),
        ...(c.payload ? { payload: c.payload("") } : {}),
      });
      expect(res.statusCode, `${c.name}: ${res.body}`).toBeLessThan(300);
    }
  });

  it("a paired surrogate (an emoji) is fine", async () => {
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/auth/profile",
      headers: saver.headers,
      payload: { full_name: "Erika 😀 Mustermann", email: saver.user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().full_name).toBe("Erika 😀 Mustermann");
  });

  it("an upload's file name with NUL and a lone surrogate is cleaned, not a 5xx", async () => {
    const other = await createUser(t.app);
    const body = multipartBody([
      { name: "file", filename: "a\u0000b\ud800.jpg", contentType: "image/jpeg", data: jpegBytes() },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/kyc/upload/passport",
      headers: { ...other.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe("answers before a route: always {detail, code}", () => {
  it("a path parameter longer than the router accepts: 414 uri_too_long", async () => {
    const res = await t.app.inject({
      url: `/api/admin/kyc/documents/${"a".repeat(300)}/file`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ code: "uri_too_long", detail: expect.any(String) });
  });

  it("a malformed escape in the path: 400 in shape", async () => {
    const res = await t.app.inject({ url: "/api/admin/kyc/documents/%E0%A4%A/file", headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });

  it("X-Request-Id: a caller's sane id is kept, anything else replaced", async () => {
    const kept = await t.app.inject({ url: "/api/health", headers: { "x-request-id": "lb-1234.abcd" } });
    expect(kept.headers["x-request-id"]).toBe("lb-1234.abcd");
    const replaced = await t.app.inject({ url: "/api/health", headers: { "x-request-id": "<script>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await t.app.inject({ url: "/api/health" });
    expect(fresh.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

/** Sends `parts` over a raw TCP connection (a string, or a pause in ms), returns all that came back. */
function rawExchange(
  port: number,
  parts: Array<string | number>,
  maxMs = 30_000,
): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(guard);
      socket.destroy();
      resolve({ text, ms: Date.now() - started });
    };
    const guard = setTimeout(finish, maxMs);
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("close", finish);
    socket.on("error", finish);
    socket.on("connect", async () => {
      for (const part of parts) {
        if (done) return;
        if (typeof part === "number") await new Promise((r) => setTimeout(r, part));
        else if (!socket.destroyed) socket.write(part);
      }
    });
  });
}

function parseAnswer(text: string): { status: number; body: Record<string, unknown> } {
  const status = Number(text.split(" ")[1]);
  const body = text.slice(text.indexOf("\r\n\r\n") + 4);
  return { status, body: JSON.parse(body) as Record<string, unknown> };
}

describe("slow and oversized requests on a real socket", () => {
  // One server with a generous total time (so the minimum rate is what cuts), one with a short one.
  let rateLimited: FastifyInstance;
  let timeLimited: FastifyInstance;
  let port: number;
  let shortPort: number;
  beforeAll(async () => {
    rateLimited = await appWith({ REQUEST_TIMEOUT_SECONDS: "60", REQUEST_MIN_BYTES_PER_SECOND: "1000" });
    timeLimited = await appWith({ REQUEST_TIMEOUT_SECONDS: "3", REQUEST_MIN_BYTES_PER_SECOND: "1000" });
    await rateLimited.listen({ port: 0, host: "127.0.0.1" });
    await timeLimited.listen({ port: 0, host: "127.0.0.1" });
    port = (rateLimited.server.address() as net.AddressInfo).port;
    shortPort = (timeLimited.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await rateLimited.close();
    await timeLimited.close();
  });

  const head = (length: number) =>
    `POST /api/calculate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it("a body trickling in (one byte every 700 ms) is cut off with 408 request_timeout", async () => {
    const trickle: Array<string | number> = [head(200)];
    for (let i = 0; i < 40; i++) trickle.push(700, "{");
    const { text, ms } = await rawExchange(port, trickle);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ code: "request_timeout", detail: expect.any(String) });
    // Cut by the minimum rate after its 5 s grace, long before the 60 s total.
    expect(ms).toBeGreaterThanOrEqual(5000);
    expect(ms).toBeLessThan(9000);
  });

  it("a body fast enough but not complete within REQUEST_TIMEOUT_SECONDS: 408 request_timeout", async () => {
    const steady: Array<string | number> = [head(100_000)];
    for (let i = 0; i < 20; i++) steady.push(500, "x".repeat(1500));
    const { text, ms } = await rawExchange(shortPort, steady);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ code: "request_timeout", detail: expect.any(String) });
    expect(ms).toBeGreaterThanOrEqual(2500);
    expect(ms).toBeLessThan(6000);
  });

  it("headers larger than Node accepts: 431 headers_too_large", async () => {
    const { text } = await rawExchange(port, [
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    ]);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ code: "headers_too_large", detail: expect.any(String) });
  });

  it("an address longer than Node accepts: 431 in shape", async () => {
    const { text } = await rawExchange(port, [
      `GET /api/packages?x=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    ]);
    expect(parseAnswer(text)).toMatchObject({ status: 431, body: { code: "headers_too_large" } });
  });

  it("broken HTTP: 400 in shape", async () => {
    const { text } = await rawExchange(port, ["GARBAGE\r\n\r\n"]);
    expect(parseAnswer(text)).toMatchObject({ status: 400, body: { code: "validation_failed" } });
  });

  it("an ordinary request on the same server is unaffected", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe("CORS", () => {
  it("closed by default; with CORS_ORIGINS only those origins, X-Total-Count exposed, preflight answered", async () => {
    const closed = await t.app.inject({ url: "/api/packages", headers: { origin: "https://other.example" } });
    expect(closed.headers["access-control-allow-origin"]).toBeUndefined();
    const open = await appWith({ CORS_ORIGINS: "https://partner.example" });
    try {
      const allowed = await open.inject({
        url: "/api/packages",
        headers: { origin: "https://partner.example" },
      });
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://partner.example");
      expect(String(allowed.headers["access-control-expose-headers"])).toContain("X-Total-Count");
      const other = await open.inject({ url: "/api/packages", headers: { origin: "https://other.example" } });
      expect(other.headers["access-control-allow-origin"]).toBeUndefined();
      const preflight = await open.inject({
        method: "OPTIONS",
        url: "/api/admin/users",
        headers: {
          origin: "https://partner.example",
          "access-control-request-method": "GET",
          "access-control-request-headers": "authorization",
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(String(preflight.headers["access-control-allow-headers"])).toContain("Authorization");
    } finally {
      await open.close();
    }
  });
});

describe("API explorer", () => {
  it("is off in production unless switched on, and the document with it", async () => {
    const production = await appWith({ NODE_ENV: "production" });
    try {
      expect((await production.inject("/api/docs")).statusCode).toBe(404);
      expect((await production.inject("/api/openapi.json")).statusCode).toBe(404);
    } finally {
      await production.close();
    }
    const switchedOn = await appWith({ NODE_ENV: "production", API_DOCS: "true" });
    try {
      expect((await switchedOn.inject("/api/docs/")).statusCode).toBe(200);
      expect((await switchedOn.inject("/api/openapi.json")).statusCode).toBe(200);
    } finally {
      await switchedOn.close();
    }
  });
});

// The embedded database's directory in either pass: the PostgreSQL pass skips it, as it would make the same
// PGlite cluster again (about 20 s of that pass).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("DATA_DIR is private", () => {
  it("an existing world-writable directory and files become 0700/0600; new files too, whatever the umask", async () => {
    const dir = path.join(os.tmpdir(), `festgeld-private-${randomBytes(4).toString("hex")}`);
    await fs.mkdir(path.join(dir, "documents"), { recursive: true });
    await fs.chmod(dir, 0o777);
    await fs.writeFile(path.join(dir, "documents", "old.enc"), "x");
    await fs.chmod(path.join(dir, "documents", "old.enc"), 0o666);
    const umask = process.umask(0);
    try {
      const database = await openPGlite(dir);
      await database.close();
      const loose: string[] = [];
      const walk = async (current: string) => {
        const stat = await fs.stat(current);
        if (stat.isDirectory()) {
          if ((stat.mode & 0o777) !== 0o700) loose.push(`${current} ${(stat.mode & 0o777).toString(8)}`);
          for (const entry of await fs.readdir(current)) await walk(path.join(current, entry));
        } else if ((stat.mode & 0o777) !== 0o600) loose.push(`${current} ${(stat.mode & 0o777).toString(8)}`);
      };
      await walk(dir);
      expect(loose).toEqual([]);
      // Files created after the start (by the database or the document store) are private as well.
      await fs.writeFile(path.join(dir, "later.txt"), "x");
      expect((await fs.stat(path.join(dir, "later.txt"))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
