import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_JOB_QUEUE_OPTIONS, JobQueue, type JobQueueOptions } from "../db/job-queue.ts";

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The scheduled jobs of this process; each module adds the handlers of its jobs (`app.jobs.handle`)
 * when it is registered. With `run`, the worker polls for due
 * jobs from the start (catching up what fell due while no server ran) until the server closes;
 * without, jobs run only when asked (`app.jobs.runDue()`, tests and the clock route).
 */
export default fp(
  async function jobsPlugin(
    app: FastifyInstance,
    opts: {
      run: boolean;
      options?: Partial<JobQueueOptions>;
    },
  ) {
    const queue = new JobQueue(app.db, app.clock, {
      ...DEFAULT_JOB_QUEUE_OPTIONS,
      ...opts.options,
    });
    app.decorate("jobs", queue);
    if (opts.run) {
      app.addHook("onReady", async () => {
        queue.start((error) => app.log.error({ err: error }, "scheduled jobs: a pass failed"));
      });
    }
    app.addHook("onClose", async () => queue.stop());
  },
  { name: "jobs", dependencies: ["db", "deposit-settings"] },
);
