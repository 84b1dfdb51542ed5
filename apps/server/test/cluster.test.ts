import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import http2 from "node:http2";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Response as InjectResponse } from "light-my-request";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../src/db/database.ts";
import { deriveTotpKey, openWith, sealWith } from "../src/modules/auth/totp-secret.ts";
import { buildServer } from "./helpers/cli.ts";
import { approvedApplication } from "./helpers/deposits.ts";
import { createAdmin, createUser, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { jpegBytes } from "./helpers/kyc-files.ts";
import { type LocalS3, startLocalS3 } from "./helpers/s3.ts";
import { startSmtp, waitFor } from "./helpers/smtp.ts";

/**
 * Two compiled server processes (`node apps/server/dist/server.js`) behind HAProxy (Debian's package,
 * configured by deploy/haproxy.cfg, the file the compose file uses) on one PostgreSQL database, one
 * Redis and one S3-compatible document store (each process has a data directory of its own, so an
 * upload can only reach the other through the bucket), under light load. Everything listens on loopback. Prints its figures.
 *
 * Runs with the PostgreSQL tests (TEST_DATABASE_URL and TEST_REDIS_URL set) where haproxy is
 * installed; in CI (.ci/run installs haproxy) a missing haproxy fails instead of skipping.
 */

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxyInstalled = spawnSync("haproxy", ["-v"]).status === 0;
if (serverUrl && redisUrl && !haproxyInstalled && process.env.CI) {
  throw new Error("haproxy is not installed (.ci/run installs Debian's haproxy package)");
}

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

/** A self-signed certificate for 127.0.0.1 and localhost with its key, for HAProxy's TLS bind. */
const tlsCertificate = path.join(import.meta.dirname, "fixtures/tls-localhost.pem");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests, errors and latencies, per phase, for the figures printed at the end. */
class Tally {
  requests = 0;
  errors = 0;
  private readonly latencies: number[] = [];
  add(ok: boolean, ms: number) {
    this.requests++;
    if (!ok) this.errors++;
    this.latencies.push(ms);
  }
  /** The latency below which the share `q` (0.5 for the median) of the requests lie. */
  quantile(q: number) {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) : 0;
  }
  toString() {
    return `${this.requests} requests, ${this.errors} errors, p50 ${this.quantile(0.5).toFixed(1)} ms, p99 ${this.quantile(0.99).toFixed(1)} ms`;
  }
}

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  remoteAddress?: string;
}

/** The parts of Fastify's inject response the helpers read. */
type Reply = Pick<InjectResponse, "statusCode" | "body" | "json" | "rawPayload">;

/** Sends a request over HTTP to `base`, shaped like Fastify's inject so the test helpers work unchanged. */
async function send(base: string, options: InjectOptions, tally?: Tally): Promise<Reply> {
  const started = performance.now();
  const payload = options.payload;
  const body =
    payload === undefined
      ? undefined
      : payload instanceof FormData || typeof payload === "string" || Buffer.isBuffer(payload)
        ? (payload as RequestInit["body"])
        : JSON.stringify(payload);
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (body !== undefined && !(payload instanceof FormData) && !headers["content-type"]) {
    headers["content-type"] = "application/json";
  }
  try {
    const res = await fetch(`${base}${options.url}`, { method: options.method ?? "GET", headers, body });
    const raw = Buffer.from(await res.arrayBuffer());
    tally?.add(res.status < 500, performance.now() - started);
    const text = raw.toString("utf8");
    return { statusCode: res.status, body: text, json: () => JSON.parse(text), rawPayload: raw };
  } catch (error) {
    tally?.add(false, performance.now() - started);
    throw error;
  }
}

/** The one document key of both processes; the TOTP key is derived from it, as the servers do. */
const documentKey = randomBytes(32).toString("hex");
const totpKey = deriveTotpKey(Buffer.from(documentKey, "hex"));

/**
 * The helpers take an app with `inject`, `db` and `totpSecrets`: here, one server process (or HAProxy)
 * over HTTP, with the database opened by the test.
 */
function remote(base: string, database: Database, tally?: Tally): FastifyInstance {
  return {
    db: database.db,
    inject: (o: InjectOptions) => send(base, o, tally),
    totpSecrets: {
      seal: async (userId: string, secret: string) => sealWith(totpKey, userId, secret),
      open: async (userId: string, sealed: string) => openWith(totpKey, userId, sealed),
    },
  } as unknown as FastifyInstance;
}

interface Proc {
  child: ChildProcess;
  output: () => string;
}

function startProcess(command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

async function ready(url: string, proc: Proc, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`exited with ${proc.child.exitCode}: ${proc.output()}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`not ready in time: ${proc.output()}`);
}

const run = Boolean(serverUrl && redisUrl && haproxyInstalled);

describe.runIf(run)("two server processes behind HAProxy", () => {
  const dbName = `festgeld_cluster_${randomBytes(5).toString("hex")}`;
  const dataDir = path.join(os.tmpdir(), `festgeld-cluster-${randomBytes(4).toString("hex")}`);
  let s3: LocalS3;
  const figures: string[] = [];
  const background = new Tally();
  let stopBackground = () => {};
  let backgroundDone: Promise<void> = Promise.resolve();
  let mailbox: Awaited<ReturnType<typeof startSmtp>>;
  let database: Database;
  let app1: Proc;
  let app2: Proc;
  let haproxy: Proc;
  let a: string;
  let b: string;
  let lb: string;
  let lbTls: string;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    buildServer();

    const admin0 = new pg.Client({ connectionString: serverUrl });
    await admin0.connect();
    await admin0.query(`create database ${dbName}`);
    await admin0.end();
    const dbUrl = new URL(serverUrl as string);
    dbUrl.pathname = `/${dbName}`;
    // Its own Redis database (3), so that its address-keyed counters never meet other tests'.
    const redis = new URL(redisUrl as string);
    redis.pathname = "/3";

    mailbox = await startSmtp();
    s3 = await startLocalS3();
    const [port1, port2, portLb, portTls] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const env = (port: number) => ({
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      DATABASE_POOL_SIZE: "5",
      REDIS_URL: redis.toString(),
      SMTP_URL: mailbox.url,
      DATA_DIR: path.join(dataDir, String(port)),
      ...s3.env,
      DOCUMENT_KEY: documentKey,
      TRUST_PROXY: "1",
      CLOCK_CONTROL: "true",
      WEB_DIST_DIR: "/nonexistent",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "4",
      AUTH_ACCOUNT_BACKOFF_AFTER: "1000",
    });
    const started = performance.now();
    // Both start at once: the migrations run once, under PostgreSQL's advisory lock.
    app1 = startProcess(process.execPath, ["apps/server/dist/server.js"], env(port1));
    app2 = startProcess(process.execPath, ["apps/server/dist/server.js"], env(port2));
    a = `http://127.0.0.1:${port1}`;
    b = `http://127.0.0.1:${port2}`;
    await Promise.all([ready(a, app1), ready(b, app2)]);
    figures.push(
      `both processes ready (fresh database, migrated once) after ${(performance.now() - started).toFixed(0)} ms`,
    );

    haproxy = startProcess("haproxy", ["-db", "-f", path.join(repoRoot, "deploy/haproxy.cfg")], {
      HAPROXY_BIND: `127.0.0.1:${portLb}`,
      HAPROXY_TLS_BIND: `127.0.0.1:${portTls}`,
      HAPROXY_TLS_CERT: tlsCertificate,
      APP1_ADDR: `127.0.0.1:${port1}`,
      APP2_ADDR: `127.0.0.1:${port2}`,
    });
    lb = `http://127.0.0.1:${portLb}`;
    lbTls = `https://127.0.0.1:${portTls}`;
    await ready(lb, haproxy, 20_000);

    database = await openPostgres(dbUrl.toString(), 2);
    admin = await createAdmin(remote(lb, database));

    // Light background load through HAProxy for the whole run: the packages and a signed-in call.
    const saver = await createUser(remote(lb, database));
    let stopped = false;
    stopBackground = () => {
      stopped = true;
    };
    const worker = async (url: string, headers: Record<string, string>) => {
      while (!stopped) {
        await send(lb, { url, headers }, background).catch(() => {});
        await sleep(20);
      }
    };
    backgroundDone = Promise.all([worker("/api/packages", {}), worker("/api/auth/me", saver.headers)]).then(
      () => {},
    );
  });

  afterAll(async () => {
    stopBackground();
    await backgroundDone;
    for (const proc of [haproxy, app1, app2])
      if (proc && proc.child.exitCode === null) proc.child.kill("SIGKILL");
    await database?.close();
    await mailbox?.close();
    await s3?.close();
    if (serverUrl) {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
    figures.push(`background load through HAProxy: ${background}`);
    console.log(`\nTwo processes behind HAProxy:\n  ${figures.join("\n  ")}\n`);
  });

  it("a session made through one process works through the other; a logout through one is refused by the other within 1 s", async () => {
    const propagation: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      const registered = await send(first, {
        method: "POST",
        url: "/api/auth/register",
        payload: { email: uniqueEmail("cluster"), password: TEST_PASSWORD, full_name: "Erika Mustermann" },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const headers = { authorization: `Bearer ${registered.json().access_token}` };
      expect((await send(second, { url: "/api/auth/me", headers })).statusCode).toBe(200);
      // served from the other process's session cache from now on
      expect((await send(second, { url: "/api/auth/me", headers })).statusCode).toBe(200);
      expect(
        (await send(first, { method: "POST", url: "/api/auth/logout", headers })).statusCode,
      ).toBeLessThan(300);
      const loggedOut = performance.now();
      let status = 200;
      while (status !== 401 && performance.now() - loggedOut < 1000) {
        status = (await send(second, { url: "/api/auth/me", headers })).statusCode;
      }
      expect(status, "the other process still accepts the session 1 s after the logout").toBe(401);
      propagation.push(performance.now() - loggedOut);
    }
    figures.push(
      `logout through one, refused by the other after: ${propagation.map((ms) => ms.toFixed(1)).join(", ")} ms`,
    );
  });

  it("counts failed sign-ins across both processes (limit 4 per account and address)", async () => {
    const saver = await createUser(remote(lb, database));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send(i % 2 === 0 ? a : b, {
        method: "POST",
        url: "/api/auth/login",
        payload: { email: saver.user.email, password: "not the password" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    figures.push(`failed sign-ins alternating between the processes: ${statuses.join(" ")}`);
  });

  it("sends each outbox e-mail once", async () => {
    const emails = Array.from({ length: 8 }, () => uniqueEmail("mail"));
    await Promise.all(
      emails.map(async (email, i) => {
        const res = await send(i % 2 === 0 ? a : b, {
          method: "POST",
          url: "/api/auth/register",
          payload: { email, password: TEST_PASSWORD, full_name: "Erika Mustermann" },
        });
        expect(res.statusCode, res.body).toBe(201);
      }),
    );
    const users = await database.db.selectFrom("users").select("id").where("email", "in", emails).execute();
    const outbox = () =>
      database.db
        .selectFrom("email_outbox")
        .select(["id", "sent_at"])
        .where(
          "user_id",
          "in",
          users.map((u) => u.id),
        )
        .execute();
    await waitFor(async () => {
      const rows = await outbox();
      return rows.length >= emails.length && rows.every((row) => row.sent_at !== null);
    }, "the outbox to send every registration e-mail");
    const rows = await outbox();
    await waitFor(
      () => emails.reduce((n, email) => n + mailbox.to(email).length, 0) >= rows.length,
      "the SMTP server to receive them",
    );
    // A second sending would arrive at about the same time as the first: give it a moment.
    await sleep(500);
    const received = emails.map((email) => mailbox.to(email).length);
    expect(received.reduce((n, c) => n + c, 0)).toBe(rows.length);
    figures.push(
      `outbox: ${rows.length} e-mails queued through both processes, ${received.reduce((n, c) => n + c, 0)} received`,
    );
  });

  it("runs each scheduled job once (deposit lapse, clock moved on both processes at once)", async () => {
    const deposits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const saver = await createUser(remote(lb, database));
      const application = await approvedApplication(remote(i % 2 === 0 ? a : b, database), saver, admin);
      deposits.push(application.deposit.id);
    }
    const moved = await Promise.all(
      [a, b].map((base) =>
        send(base, {
          method: "POST",
          url: "/api/admin/clock",
          headers: admin.headers,
          payload: { advance_days: 15 },
        }),
      ),
    );
    for (const res of moved) expect(res.statusCode, res.body).toBe(200);
    const ran = moved.map((res) => res.json().jobs_run as number);
    await waitFor(async () => {
      const rows = await database.db
        .selectFrom("deposits")
        .select("status")
        .where("id", "in", deposits)
        .execute();
      return rows.every((row) => row.status === "lapsed");
    }, "every deposit to lapse");
    const events = await database.db
      .selectFrom("deposit_events")
      .select(["deposit_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("deposit_id", "in", deposits)
      .where("type", "=", "lapsed")
      .groupBy("deposit_id")
      .execute();
    expect(events).toHaveLength(deposits.length);
    for (const row of events) expect(Number(row.n)).toBe(1);
    figures.push(
      `scheduled jobs: ${deposits.length} deposits lapsed once each; jobs run by the two clock moves: ${ran.join(" + ")}`,
    );
  });

  it("shows an upload made through one process through the other", async () => {
    const saver = await createUser(remote(lb, database));
    const form = new FormData();
    form.append("file", new Blob([jpegBytes()], { type: "image/jpeg" }), "ausweis.jpg");
    const uploaded = await send(a, {
      method: "POST",
      url: "/api/kyc/upload/id_card",
      headers: saver.headers,
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().document.id as string;
    const file = await send(b, { url: `/api/admin/kyc/documents/${id}/file`, headers: admin.headers });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.equals(jpegBytes())).toBe(true);
    figures.push("upload through process 1, the same bytes read through process 2 (from the S3 bucket)");
  });

  it("answers HTTPS over HTTP/2 with HSTS; the plain port never sends HSTS, whatever scheme the client claims", async () => {
    const session = http2.connect(lbTls, { ca: readFileSync(tlsCertificate, "utf8") });
    try {
      const answer = await new Promise<{ status: number; hsts: unknown; body: string }>((resolve, reject) => {
        const stream = session.request({ ":path": "/api/packages" });
        let body = "";
        let headers: http2.IncomingHttpHeaders = {};
        stream.on("response", (h) => {
          headers = h;
        });
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          body += chunk;
        });
        stream.on("end", () =>
          resolve({ status: Number(headers[":status"]), hsts: headers["strict-transport-security"], body }),
        );
        stream.on("error", reject);
      });
      expect(session.alpnProtocol).toBe("h2");
      expect(answer.status).toBe(200);
      expect(answer.hsts).toBe("max-age=63072000; includeSubDomains");
      expect(Array.isArray(JSON.parse(answer.body))).toBe(true);
    } finally {
      session.close();
    }
    // HAProxy sets X-Forwarded-Proto to the scheme the client used, replacing what the client wrote.
    const plain = await fetch(`${lb}/api/packages`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    figures.push("HTTPS through HAProxy: HTTP/2 by ALPN, HSTS sent; the plain port sends none");
  });

  it("loses no acknowledged write when one process is killed, and the other keeps answering", async () => {
    const saver = await createUser(remote(lb, database));
    const before = new Tally();
    const after = new Tally();
    const acknowledged: string[] = [];
    let killedAt = 0;
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const text = `cluster note ${n}-${i}`;
        const tally = killedAt ? after : before;
        const res = await send(
          lb,
          {
            method: "POST",
            url: `/api/admin/identity/users/${saver.user.id}/notes`,
            headers: admin.headers,
            payload: { text },
          },
          tally,
        ).catch(() => null);
        if (res?.statusCode === 201) acknowledged.push(text);
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await sleep(1500);
    killedAt = performance.now();
    app1.child.kill("SIGKILL");
    await sleep(2500);
    // The last second after the kill: every request must be answered by the other process.
    const tail = new Tally();
    const tailStart = performance.now();
    while (performance.now() - tailStart < 1000) {
      const res = await send(lb, { url: "/api/auth/me", headers: saver.headers }, tail).catch(() => null);
      expect(res?.statusCode).toBe(200);
    }
    stop = true;
    await Promise.all(writers);
    const stored = new Set(
      (
        await database.db
          .selectFrom("staff_notes")
          .select("text")
          .where("text", "like", "cluster note %")
          .execute()
      ).map((row) => row.text),
    );
    const lost = acknowledged.filter((text) => !stored.has(text));
    expect(lost).toEqual([]);
    expect(tail.errors).toBe(0);
    figures.push(
      `writes through HAProxy sent before the SIGKILL of process 1 (those in flight there fail): ${before}`,
      `writes sent after the SIGKILL: ${after}`,
      `acknowledged writes ${acknowledged.length}, stored ${stored.size}, lost ${lost.length}`,
      `one second of reads, starting 2.5 s after the kill: ${tail}`,
    );
  });
});
