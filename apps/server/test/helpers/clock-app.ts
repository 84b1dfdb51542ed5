import { BUSINESS_TIME_ZONE, startOfDayInZone } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { AdjustableClock } from "../../src/lib/clock.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { createAdmin } from "./factories.ts";

/**
 * A test app whose clock the test moves (CLOCK_CONTROL), with an admin: what every file that follows
 * a deposit through time starts from.
 */
export async function createClockApp(env: Record<string, string> = {}): Promise<{
  t: TestApp;
  clock: AdjustableClock;
  admin: Awaited<ReturnType<typeof createAdmin>>;
}> {
  const t = await createTestApp({ CLOCK_CONTROL: "true", ...env });
  return { t, clock: adjustableClockOf(t.app), admin: await createAdmin(t.app) };
}

export type ClockApp = Awaited<ReturnType<typeof createClockApp>>;

/**
 * The set-up of a file whose tests move the clock: a clock app started before the file's tests and
 * handed to `assign` (the file keeps its parts in its own variables), its clock put back and the app
 * closed after them.
 */
export function clockAppForFile(assign: (app: ClockApp) => void, env: Record<string, string> = {}): void {
  let started: ClockApp | undefined;
  beforeAll(async () => {
    started = await createClockApp(env);
    assign(started);
  });
  afterAll(async () => {
    started?.clock.reset();
    await started?.t.close();
  });
}

/** The clock of an app started with CLOCK_CONTROL, which the test moves. */
export function adjustableClockOf(app: FastifyInstance): AdjustableClock {
  const clock = app.depositSettings.adjustableClock;
  if (!clock) throw new Error("CLOCK_CONTROL did not give an adjustable clock");
  return clock;
}

/** Moves the clock to a calendar day (noon in Berlin, or another hour) and runs the jobs that fell due. */
export function moveClockTo(app: FastifyInstance, clock: AdjustableClock, date: string, hour = 12) {
  clock.set(new Date(startOfDayInZone(date, BUSINESS_TIME_ZONE).getTime() + hour * 3_600_000));
  return app.jobs.runDue();
}
