import type { FastifyInstance } from "fastify";
import { runRetention } from "./data-rights.service.ts";

/** How often the retention job looks for records whose retention period has ended. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Runs the retention job at start (so a run missed while the server was down happens now) and
 * then every hour. The job is idempotent, so several processes running it at once only repeat
 * deletions that already happened.
 */
export function scheduleRetention(app: FastifyInstance, intervalMs = RETENTION_INTERVAL_MS) {
  const run = () =>
    runRetention(app.db, app.documentStorage, new Date()).then(
      (erased) => {
        if (erased.length > 0)
          app.log.info({ erased: erased.length }, "retention job erased closed accounts");
      },
      (error: unknown) => app.log.error({ err: error }, "retention job failed"),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    void run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
