import type { AdjustableClock } from "../../src/lib/clock.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { createAdmin } from "./factories.ts";

/**
 * A test app whose clock the test moves (CLOCK_CONTROL), with an admin: what every file that follows
 * a deposit through time starts from.
 */
export async function createClockApp(): Promise<{
  t: TestApp;
  clock: AdjustableClock;
  admin: Awaited<ReturnType<typeof createAdmin>>;
}> {
  const t = await createTestApp({ CLOCK_CONTROL: "true" });
  const clock = t.app.depositSettings.adjustableClock;
  if (!clock) throw new Error("CLOCK_CONTROL did not give an adjustable clock");
  return { t, clock, admin: await createAdmin(t.app) };
}
