/**
 * Back-office capacity benchmark: is the back office fast enough for tens of thousands of
 * customers? Creates its own database on the PostgreSQL server, migrates it, seeds 100,000 users and
 * 1,000,000 applications with set-based SQL, then times the requests an admin makes, through the
 * whole app (routing, session check, validation, SQL, serialisation), and prints the medians.
 *
 *   npm run bench:backoffice                        # DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_USERS=20000 BENCH_APPLICATIONS=200000 BENCH_RUNS=9 npx tsx bench/backoffice-capacity.ts
 *   BENCH_EXPLAIN=1 npx tsx bench/backoffice-capacity.ts   # also prints the query plans
 *   BENCH_KEEP=1 npx tsx bench/backoffice-capacity.ts      # keeps the database for a closer look
 *   BENCH_REUSE=festgeld_bench_xxxxxxxx npx tsx ...          # measures again on a kept database
 *
 * Aims (at 1,000,000 users and 10,000,000 applications too): analytics < 100 ms, a users page < 20 ms, a
 * deep page of an e-mail search < 50 ms, a broadcast to all users (with SMTP) < 1 s.
 * The database is dropped at the end, also when a step fails.
 */
import { randomBytes } from "node:crypto";
import { ADMIN_SEARCH_COUNT_BOUND } from "@festgeld/domain";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { type Database, openPostgres } from "../apps/server/src/db/database.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { createSession } from "../apps/server/src/modules/auth/session.service.ts";

const SERVER_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
/** Keep the database afterwards (its name is printed) to study plans by hand; drop it yourself. */
const KEEP = process.env.BENCH_KEEP === "1";
/** Measure again on a database kept earlier (BENCH_KEEP=1), without seeding it again. */
const REUSE = process.env.BENCH_REUSE;

const AIMS = { analytics: 100, usersPage: 20, deepSearch: 50, broadcast: 1000 } as const;

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const result = await fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, result];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function serverQuery(query: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Runs `load` with the table's secondary indexes dropped and builds them again afterwards, as one
 * does for a bulk load: ten million rows inserted in random key order into five B-trees at once
 * spend most of their time on index pages that no longer fit in memory, while building an index
 * afterwards is one sort. The primary key stays (other tables refer to it).
 */
async function withoutSecondaryIndexes(db: Database["db"], table: string, load: () => Promise<void>) {
  const indexes = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (
        select 1 from pg_constraint c
        where c.conname = i.indexname and c.contype in ('p', 'u', 'x')
      )
  `.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
  await load();
  await db.connection().execute(async (connection) => {
    await sql`set maintenance_work_mem = '1GB'`.execute(connection);
    for (const index of indexes.rows) await sql.raw(index.definition).execute(connection);
  });
}

/** Set-based seed: one INSERT ... SELECT over generate_series per table, no row-by-row loop. */
async function seed(database: Database) {
  const db = database.db;
  await withoutSecondaryIndexes(db, "users", () => seedUsers(db));
  await withoutSecondaryIndexes(db, "applications", () => seedApplications(db));
  // What autovacuum does on a live database shortly after a bulk load: statistics and the
  // visibility map (which index-only scans rely on).
  await sql`vacuum analyze`.execute(db);
}

async function seedUsers(db: Database["db"]) {
  // Users over the last three years; about one in 5,000 is an admin; four e-mail domains so that a
  // search by domain matches a quarter of everyone.
  await sql`
    insert into users (email, password_hash, full_name, role, kyc_status, created_at, updated_at)
    select
      'customer' || g || '@' || (array['example.test', 'mail.test', 'post.test', 'inbox.test'])[1 + g % 4],
      'not-a-real-hash',
      'Customer ' || g,
      case when g % 5000 = 0 then 'admin' else 'user' end,
      (array['not_started', 'pending', 'approved', 'approved', 'rejected'])[1 + (g * 7) % 5],
      now() - random() * interval '1095 days',
      now()
    from generate_series(1, ${USERS}::int) g
  `.execute(db);
}

async function seedApplications(db: Database["db"]) {
  // Applications over the last three years: 20 % pending, 60 % approved, 15 % rejected, 5 %
  // withdrawn; 10 % sent signed out; amounts 1,000.00 to 250,000.99 with cents.
  await sql`
    with numbered as (
      select id, row_number() over (order by id) as n from users
    ), pkgs as (
      select array_agg(id order by duration_months) as ids,
             array_agg(interest_rate order by duration_months) as rates,
             array_agg(duration_months order by duration_months) as terms
      from packages
    ), rows as (
      select
        g,
        case when g % 10 = 0 then null else 1 + (g::bigint * 7919) % ${USERS}::int end as user_n,
        1 + g % 5 as pkg_n,
        case
          when g % 20 < 4 then 'pending'
          when g % 20 < 16 then 'approved'
          when g % 20 < 19 then 'rejected'
          else 'withdrawn'
        end as status,
        now() - random() * interval '1095 days' as created
      from generate_series(1, ${APPLICATIONS}::int) g
    )
    insert into applications (
      user_id, package_id, full_name, email, phone, amount_cents, currency, interest_rate, duration_months,
      reference_iban, maturity_instruction, info_sheet_acknowledged_at, status, decided_at,
      withdrawn_at, created_at, updated_at
    )
    select
      u.id, pkgs.ids[r.pkg_n], 'Saver ' || r.g, 'saver' || r.g || '@example.test', '+49 30 1234567',
      (100000 + random() * 24900000)::bigint, 'EUR', pkgs.rates[r.pkg_n], pkgs.terms[r.pkg_n],
      'DE89370400440532013000', 'payout', r.created, r.status,
      case when r.status = 'pending' then null else r.created + interval '1 day' end,
      case when r.status = 'withdrawn' then r.created + interval '3 days' end,
      r.created, r.created
    from rows r
    cross join pkgs
    left join numbered u on u.n = r.user_n
  `.execute(db);
}

async function explain(db: Database["db"], title: string, query: ReturnType<typeof sql>) {
  if (!EXPLAIN) return;
  const result = await sql<{ "QUERY PLAN": string }>`explain (analyze, buffers) ${query}`.execute(db);
  log(`\n-- ${title}`);
  for (const row of result.rows) log(row["QUERY PLAN"]);
}

async function benchmark(
  app: FastifyInstance,
  headers: Record<string, string>,
  label: string,
  request: () => InjectOptions,
  check: (res: LightMyRequestResponse) => void,
) {
  // One warm-up (plans cached, pages in memory, as on a running server), then the measured runs.
  check(await app.inject({ ...request(), headers }));
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [ms, res] = await timed(() => app.inject({ ...request(), headers }));
    check(res);
    times.push(ms);
  }
  return { label, median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

function expectStatus(status: number) {
  return (res: { statusCode: number; body: string }) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  };
}

async function main() {
  if (REUSE !== undefined && !/^festgeld_bench_[0-9a-f]{8}$/.test(REUSE)) {
    throw new Error("BENCH_REUSE must name a database kept by BENCH_KEEP=1 (festgeld_bench_xxxxxxxx)");
  }
  const name = REUSE ?? `festgeld_bench_${randomBytes(4).toString("hex")}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  if (!REUSE) {
    log(
      `Back-office capacity benchmark: ${USERS.toLocaleString("en")} users, ${APPLICATIONS.toLocaleString("en")} applications`,
    );
  }
  log(`database ${name} on ${url.host}; median of ${RUNS} runs after one warm-up\n`);

  if (!REUSE) await serverQuery(`create database ${name}`);
  let database: Database | null = null;
  const apps: FastifyInstance[] = [];
  try {
    database = await openPostgres(url.toString(), 10);
    await migrate(database);
    const version = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(
      database.db,
    );
    log(`PostgreSQL ${version.rows[0]?.v}`);

    if (REUSE) {
      const sizes = await sql<{ users: number; applications: number }>`
        select (select count(*) from users) as users, (select count(*) from applications) as applications
      `.execute(database.db);
      const size = sizes.rows[0];
      log(
        `reusing ${name} as seeded before: ${Number(size?.users).toLocaleString("en")} users, ${Number(size?.applications).toLocaleString("en")} applications\n`,
      );
    } else {
      const [seedMs] = await timed(() => seed(database as Database));
      log(`seeded in ${(seedMs / 1000).toFixed(1)} s (set-based INSERT ... SELECT, then VACUUM ANALYZE)\n`);
    }

    const baseEnv = {
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: `/tmp/${name}`,
      WEB_DIST_DIR: "/nonexistent",
    };
    const app = await buildApp({
      config: loadConfig(baseEnv),
      database,
      closeDatabase: false,
      logger: false,
    });
    // The same app with SMTP configured: a broadcast also queues one e-mail per account. The worker
    // stays off (backgroundJobs false), so nothing is sent; we time only what the request does.
    const mailApp = await buildApp({
      config: loadConfig({ ...baseEnv, SMTP_URL: "smtp://127.0.0.1:1" }),
      database,
      closeDatabase: false,
      logger: false,
    });
    apps.push(app, mailApp);
    await app.ready();
    await mailApp.ready();

    const adminRow = await database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .executeTakeFirstOrThrow();
    // Every admin signs in with two-factor: the benchmark's admin has enrolled (any secret will do).
    await database.db
      .insertInto("user_totp")
      .values({
        user_id: adminRow.id,
        secret_sealed: await app.totpSecrets.seal(adminRow.id, "JBSWY3DPEHPK3PXP"),
        confirmed_at: new Date(),
      })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    const { token } = await createSession(database.db, { idleMinutes: 60, absoluteHours: 12 }, adminRow.id);
    const headers = { authorization: `Bearer ${token}` };

    const matches = await sql<{ n: number }>`
      select count(*) as n from users where lower(email) like '%mail.test%'
    `.execute(database.db);
    const searchMatches = Number(matches.rows[0]?.n ?? 0);
    // A search pages within its first ADMIN_SEARCH_COUNT_BOUND matches: the deep page is the last one.
    const deepOffset = Math.max(
      0,
      Math.floor((Math.min(searchMatches, ADMIN_SEARCH_COUNT_BOUND) - 1) / 50) * 50,
    );

    const results = [];
    results.push(
      await benchmark(
        app,
        headers,
        "GET /api/admin/analytics",
        () => ({ method: "GET", url: "/api/admin/analytics" }),
        expectStatus(200),
      ),
    );
    results.push(
      await benchmark(
        app,
        headers,
        "GET /api/admin/users (first page)",
        () => ({ method: "GET", url: "/api/admin/users?limit=50" }),
        expectStatus(200),
      ),
    );
    results.push(
      await benchmark(
        app,
        headers,
        `GET /api/admin/users?search=mail.test (first page of ${searchMatches.toLocaleString("en")})`,
        () => ({ method: "GET", url: "/api/admin/users?search=mail.test&limit=50" }),
        expectStatus(200),
      ),
    );
    results.push(
      await benchmark(
        app,
        headers,
        `GET /api/admin/users?search=mail.test (deep page, offset ${deepOffset.toLocaleString("en")})`,
        () => ({ method: "GET", url: `/api/admin/users?search=mail.test&limit=50&offset=${deepOffset}` }),
        expectStatus(200),
      ),
    );
    results.push(
      await benchmark(
        app,
        headers,
        "GET /api/admin/users?search=customer4242 (rare match)",
        () => ({ method: "GET", url: "/api/admin/users?search=customer4242&limit=50" }),
        expectStatus(200),
      ),
    );
    results.push(
      await benchmark(
        app,
        headers,
        "GET /api/admin/users?kyc_status=pending&search=inbox (deep page)",
        () => ({
          method: "GET",
          url: `/api/admin/users?kyc_status=pending&search=inbox&limit=50&offset=${ADMIN_SEARCH_COUNT_BOUND - 50}`,
        }),
        expectStatus(200),
      ),
    );
    results.push(
      await benchmark(
        app,
        headers,
        "GET /api/applications?status=pending (page 1)",
        () => ({ method: "GET", url: "/api/applications?status=pending&limit=50" }),
        expectStatus(200),
      ),
    );
    let n = 0;
    const broadcast = () => ({
      method: "POST" as const,
      url: "/api/admin/notifications/send",
      payload: { title: `Benchmark ${++n}`, message: "A notification to every account.", user_ids: null },
    });
    results.push(
      await benchmark(
        app,
        headers,
        "POST /api/admin/notifications/send (all users)",
        broadcast,
        expectStatus(201),
      ),
    );
    results.push(
      await benchmark(
        mailApp,
        headers,
        "  ... with SMTP configured (e-mail to every account queued)",
        broadcast,
        expectStatus(201),
      ),
    );
    // A customer's inbox after all those broadcasts.
    const customer = await database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "user")
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    const customerSession = await createSession(
      database.db,
      { idleMinutes: 60, absoluteHours: 12 },
      customer.id,
    );
    results.push(
      await benchmark(
        app,
        { authorization: `Bearer ${customerSession.token}` },
        "GET /api/notifications/unread-count (customer)",
        () => ({ method: "GET", url: "/api/notifications/unread-count" }),
        expectStatus(200),
      ),
    );

    const aimFor = (label: string) =>
      label.includes("analytics")
        ? AIMS.analytics
        : label.includes("/admin/users") && label.includes("deep page")
          ? AIMS.deepSearch
          : label.includes("/admin/users")
            ? AIMS.usersPage
            : label.includes("notifications/send") || label.includes("SMTP")
              ? AIMS.broadcast
              : null;
    log(`${"request".padEnd(78)} ${"median".padStart(9)} ${"min".padStart(9)} ${"max".padStart(9)}  aim`);
    for (const r of results) {
      const aim = aimFor(r.label);
      const verdict = aim === null ? "" : r.median < aim ? `< ${aim} ms  ok` : `< ${aim} ms  MISSED`;
      log(
        `${r.label.padEnd(78)} ${r.median.toFixed(1).padStart(6)} ms ${r.min.toFixed(1).padStart(6)} ms ${r.max.toFixed(1).padStart(6)} ms  ${verdict}`,
      );
    }

    const db = database.db;
    await explain(
      db,
      "applications per status and approved amount (running totals)",
      sql`select status, sum(applications), sum(amount_cents) from application_status_totals group by status`,
    );
    await explain(
      db,
      "active investors (running counts)",
      sql`select count(*) from investor_approved_applications where approved > 0`,
    );
    const searchPage = (term: string, offset: number) => sql`
      with matched as materialized (
        select id, row_number() over (order by created_at desc, id desc) as n
        from (
          select id, created_at from users where email like ${term} escape '\\'
          order by created_at desc, id desc limit ${ADMIN_SEARCH_COUNT_BOUND + 1}
        ) first_matches
      )
      select u.id, totals.total
      from (select count(*) as total from matched) totals
      left join (matched chosen join users u on u.id = chosen.id)
        on chosen.n > ${offset} and chosen.n <= ${offset + 50}
      order by chosen.n`;
    await explain(
      db,
      "users search, deep page and count (as searchUsersPage)",
      searchPage("%mail.test%", deepOffset),
    );
    await explain(db, "users search, rare match", searchPage("%customer4242%", 0));
  } finally {
    for (const app of apps) await app.close().catch(() => {});
    await database?.close().catch(() => {});
    if (KEEP || REUSE) {
      log(`\nkept ${name} (BENCH_KEEP=1); drop it with: psql -c 'drop database ${name}'`);
    } else {
      await serverQuery(`drop database if exists ${name} with (force)`);
      log(`\ndropped ${name}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
