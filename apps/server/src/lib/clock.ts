/**
 * The time the server acts on. Everything that depends on today (funding deadlines, lapse, maturity,
 * the instruction cut-off) takes the clock from here, so tests move time instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that runs with real time from a moved starting point: the test clock that end-to-end tests
 * drive through the clock route (CLOCK_CONTROL), never in production.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock to an instant (forward or back). */
  set(instant: Date): void {
    this.offsetMs = instant.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
