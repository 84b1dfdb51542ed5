import { randomBytes } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Clock } from "../lib/clock.ts";
import type { DB } from "./schema.ts";

/** One claimed job: its row as the worker sees it. */
export interface ClaimedJob {
  id: number;
  name: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** Does a job's work inside the transaction that marks it done (so both commit, or neither). */
export type JobHandler = (trx: Transaction<DB>, job: ClaimedJob, now: Date) => Promise<void>;

/**
 * Does the work of several claimed jobs of one name in one transaction (set-based: a maturity batch),
 * which also marks them all done. It must do for a single job exactly what it does for many: a batch
 * that fails is run again one job at a time, so one bad job does not hold back the others.
 */
export type BatchJobHandler = (trx: Transaction<DB>, jobs: readonly ClaimedJob[], now: Date) => Promise<void>;

export interface JobQueueOptions {
  /** How many due jobs one claim takes. */
  batchSize: number;
  /** How long a claim holds before another worker may take the job up (a worker that died). */
  leaseMs: number;
  /** How often the worker looks for due jobs. */
  pollMs: number;
  /**
   * How many jobs of a claimed batch run at once, each in its own transaction. More than one only
   * helps on the PostgreSQL server, where a job mostly waits for its commit and the storage write;
   * the embedded database has one connection, so it runs them one by one.
   */
  concurrency: number;
}

export const DEFAULT_JOB_QUEUE_OPTIONS: JobQueueOptions = {
  batchSize: 200,
  leaseMs: 5 * 60_000,
  pollMs: 30_000,
  concurrency: 1,
};

/** A job to run at `runAt`, once per key: scheduling a key again keeps the first (every module's way in). */
export function scheduleJob(
  db: Kysely<DB> | Transaction<DB>,
  job: { name: string; key: string; runAt: Date; payload?: object },
) {
  return db
    .insertInto("jobs")
    .values({ name: job.name, key: job.key, run_at: job.runAt, payload: JSON.stringify(job.payload ?? {}) })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Backoff after a failed attempt: 1, 2, 4 ... minutes, at most a day. */
export const backoffMs = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1) * 60_000, 86_400_000);

/**
 * The scheduler: jobs are rows of `jobs` (migration 0061) in the same database as the data they
 * change, claimed with FOR UPDATE SKIP LOCKED so several processes never take the same row, and
 * marked done in the transaction that does the work. Jobs that fell due while no server ran are
 * simply due when one starts. Time comes from the injected clock. The queue's SQL is the queue, so it
 * stays here, an exception to "SQL only in repositories" (docs/decisions.md).
 */
export class JobQueue {
  readonly workerId = `${process.pid}-${randomBytes(4).toString("hex")}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly handlers: Record<string, JobHandler> = {};
  private readonly batchHandlers: Record<string, BatchJobHandler> = {};

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly options: JobQueueOptions = DEFAULT_JOB_QUEUE_OPTIONS,
  ) {}

  private tick: (() => void) | null = null;
  /** Adds the handlers of some jobs (each module registers its own); a name is handled once. */
  handle(handlers: Readonly<Record<string, JobHandler>>): void {
    for (const [name, handler] of Object.entries(handlers)) {
      if (this.handlers[name]) throw new Error(`job ${name} already has a handler`);
      this.handlers[name] = handler;
    }
  }

  /** Adds the handlers of jobs that run in batches (all claimed jobs of a name in one transaction). */
  handleBatch(handlers: Readonly<Record<string, BatchJobHandler>>): void {
    for (const [name, handler] of Object.entries(handlers)) {
      if (this.handlers[name]) throw new Error(`job ${name} already has a handler`);
      this.batchHandlers[name] = handler;
      this.handlers[name] = (trx, job, now) => handler(trx, [job], now);
    }
  }

  start(onError: (error: unknown) => void): void {
    const tick = () => {
      this.timer = null;
      if (this.stopped) return;
      this.runDue()
        .catch(onError)
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs);
        });
    };
    this.tick = tick;
    tick();
  }

  /**
   * Runs a pass now instead of at the next poll (new work was just queued), when the worker runs; a
   * queue driven by hand (tests) is left alone. A pass under way is not doubled.
   */
  wake(): void {
    if (this.timer === null || this.stopped || !this.tick) return;
    clearTimeout(this.timer);
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Runs every job due now, batch after batch; answers how many ran (done or failed). */
  runDue(): Promise<number> {
    // One pass at a time per process; a second caller waits for the pass under way, then runs its own.
    const previous = this.running ?? Promise.resolve(0);
    const pass = previous.catch(() => 0).then(() => this.drain());
    this.running = pass;
    return pass;
  }

  private async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await this.claim();
      if (jobs.length === 0) return total;
      // Units start in order (single jobs by id, then the batches); with a concurrency above one, up to
      // that many run side by side. A unit is one job, or a share of the claimed jobs of a batch-handled
      // name (one transaction).
      const units = this.units(jobs);
      let next = 0;
      const lane = async () => {
        while (next < units.length) {
          const unit = units[next++] as ClaimedJob[];
          if (unit.length === 1 || !this.batchHandlers[(unit[0] as ClaimedJob).name]) {
            for (const job of unit) await this.runOne(job);
          } else await this.runBatch(unit);
          total += unit.length;
        }
      };
      await Promise.all(
        Array.from({ length: Math.max(1, Math.min(this.options.concurrency, units.length)) }, lane),
      );
    }
  }

  /**
   * Splits a claim into units: each job alone, except the jobs of a batch-handled name, which are
   * shared out into as many batches as jobs may run side by side.
   */
  private units(jobs: readonly ClaimedJob[]): ClaimedJob[][] {
    const units: ClaimedJob[][] = [];
    const batches = new Map<string, ClaimedJob[]>();
    for (const job of jobs) {
      if (!this.batchHandlers[job.name]) units.push([job]);
      else {
        const group = batches.get(job.name);
        if (group) group.push(job);
        else batches.set(job.name, [job]);
      }
    }
    for (const group of batches.values()) {
      const size = Math.ceil(group.length / Math.max(1, this.options.concurrency));
      for (let i = 0; i < group.length; i += size) units.push(group.slice(i, i + size));
    }
    return units;
  }

  /**
   * Runs claimed jobs of one name in one transaction that also marks them all done (only while this
   * worker holds every lease). If the batch fails, or a lease was lost, nothing of it commits and each
   * job runs again alone, so a failure is counted against the job that causes it.
   */
  private async runBatch(jobs: readonly ClaimedJob[]): Promise<void> {
    const name = (jobs[0] as ClaimedJob).name;
    const handler = this.batchHandlers[name];
    const now = this.clock.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!handler) throw new Error(`no batch handler for job ${name}`);
        await handler(trx, jobs, now);
        const done = await trx
          .updateTable("jobs")
          .set({ state: "done", finished_at: now, updated_at: now, locked_until: null, last_error: null })
          .where(
            "id",
            "in",
            jobs.map((j) => BigInt(j.id)),
          )
          .where("locked_by", "=", this.workerId)
          .where("state", "=", "running")
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== jobs.length) throw new LeaseLost();
      });
    } catch {
      for (const job of jobs) await this.runOne(job);
    }
  }

  private async claim(): Promise<ClaimedJob[]> {
    const now = this.clock.now();
    const leaseEnd = new Date(now.getTime() + this.options.leaseMs);
    const names = Object.keys(this.handlers);
    if (names.length === 0) return [];
    const { rows } = await sql<ClaimedJob>`
      update jobs j set state = 'running', attempts = j.attempts + 1, locked_until = ${leaseEnd},
        locked_by = ${this.workerId}, updated_at = ${now}
      from (
        select id from jobs
        where run_at <= ${now} and name in (${sql.join(names)})
          and (state = 'pending' or (state = 'running' and locked_until < ${now}))
        order by run_at, id
        limit ${this.options.batchSize}
        for update skip locked
      ) due
      where j.id = due.id
      returning j.id, j.name, j.key, j.payload, j.attempts, j.max_attempts
    `.execute(this.db);
    return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.name];
    const now = this.clock.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(trx, job, now);
        const done = await trx
          .updateTable("jobs")
          .set({ state: "done", finished_at: now, updated_at: now, locked_until: null, last_error: null })
          .where("id", "=", BigInt(job.id))
          .where("locked_by", "=", this.workerId)
          .where("state", "=", "running")
          .executeTakeFirst();
        // Another worker took the job up after this claim's lease ran out: its run counts, not ours.
        if (Number(done.numUpdatedRows) !== 1) throw new LeaseLost();
      });
    } catch (error) {
      if (error instanceof LeaseLost) return;
      const failed = job.attempts >= job.max_attempts;
      await this.db
        .updateTable("jobs")
        .set({
          state: failed ? "failed" : "pending",
          run_at: new Date(now.getTime() + backoffMs(job.attempts)),
          locked_until: null,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
          updated_at: now,
          ...(failed ? { finished_at: now } : {}),
        })
        .where("id", "=", BigInt(job.id))
        .where("locked_by", "=", this.workerId)
        .execute();
    }
  }
}

class LeaseLost extends Error {}
