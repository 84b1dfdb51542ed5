/**
 * Calendar arithmetic for deposit terms: the maturity date and the end of the withdrawal period.
 * Dates are ISO calendar dates ("2025-03-31"); instants are Date objects. Days are counted in a time
 * zone (the operator's, BUSINESS_TIME_ZONE), never in the server's local zone.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(date: string): { y: number; m: number; d: number } {
  const match = DATE_RE.exec(date);
  if (!match) throw new RangeError(`not an ISO date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function formatDate(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days of month `m` (1-12) of year `y`, Gregorian leap years, without making a Date. */
function daysInMonth(y: number, m: number): number {
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return m === 2 && leap ? 29 : (DAYS_IN_MONTH[m - 1] ?? 31);
}

/**
 * Adds calendar months; a day that the target month lacks becomes its last day (31 January + 1 month
 * = 28 or 29 February), as BGB section 188(3) and common banking practice count terms.
 */
export function addMonths(date: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError("months must be an integer");
  const { y, m, d } = parseDate(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return formatDate(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

export function addDays(date: string, days: number): string {
  const { y, m, d } = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return formatDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function zonedParts(instant: Date, timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
  };
}

/**
 * Remembered answers of the zone's calendar (docs/decisions.md "Statement import at scale"): asking
 * Intl for an instant's parts costs about 10 µs, and a batch (a statement's 100,000 entries, a day's
 * maturities) asks about a handful of days and hours again and again. Each map holds at most
 * ZONE_MEMO_LIMIT answers and starts again empty when full.
 */
const ZONE_MEMO_LIMIT = 10_000;
const HOUR_MS = 3_600_000;
/** Per zone and UTC hour: the zone's offset through that hour, or null when it changes within it. */
const hourOffsets = new Map<string, number | null>();
/** Per zone and date: the instant (ms) the day begins. */
const dayStarts = new Map<string, number>();

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= ZONE_MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/** The calendar date of an instant in a time zone. */
export function dateInZone(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone}|${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    // Zones change their offset on whole seconds; the same offset at the hour's first and last
    // second is the offset throughout it (no zone changes twice within an hour).
    const first = zoneOffsetMs(new Date(hour * HOUR_MS), timeZone);
    const last = zoneOffsetMs(new Date(hour * HOUR_MS + HOUR_MS - 1000), timeZone);
    offset = remember(hourOffsets, key, first === last ? first : null);
  }
  if (offset === null) {
    const p = zonedParts(instant, timeZone);
    return formatDate(p.y, p.m, p.d);
  }
  const local = new Date(ms + offset);
  return formatDate(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a calendar day begins in a time zone: its midnight, or, where the clocks jump over
 * midnight (Santiago's summer time begins at 00:00), the first second the day has. A date the zone
 * skipped altogether (Apia, 30 December 2011) begins where the next day does.
 */
export function startOfDayInZone(date: string, timeZone: string): Date {
  const key = `${timeZone}|${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const { y, m, d } = parseDate(date);
  const wallClock = Date.UTC(y, m - 1, d);
  let instant = wallClock - zoneOffsetMs(new Date(wallClock), timeZone);
  // The offset at the first guess may differ from the offset at the real instant near a DST change.
  instant = wallClock - zoneOffsetMs(new Date(instant), timeZone);
  if (dateInZone(new Date(instant), timeZone) < date) {
    // No midnight that day: the instant found is still the day before. The day begins at the clock
    // change, within the next 25 hours; zones change on whole seconds, so search by the second.
    let before = Math.floor(instant / 1000);
    let after = before + 25 * 3600;
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (dateInZone(new Date(middle * 1000), timeZone) < date) before = middle;
      else after = middle;
    }
    instant = after * 1000;
  }
  return new Date(remember(dayStarts, key, instant));
}

/**
 * The last moment of the withdrawal period for a contract concluded at `concludedAt`: the day of
 * conclusion is not counted and the period ends at the end of its last day (BGB sections 187(1) and
 * 188(1); Directive 2002/65/EC art. 6 gives the 14 calendar days).
 */
export function withdrawalDeadline(concludedAt: Date, days: number, timeZone: string): Date {
  const lastDay = addDays(dateInZone(concludedAt, timeZone), days);
  return new Date(startOfDayInZone(addDays(lastDay, 1), timeZone).getTime() - 1);
}

/** The maturity date of a term that starts on the day of `startAt` (in the time zone). */
export function maturityDate(startAt: Date, months: number, timeZone: string): string {
  return addMonths(dateInZone(startAt, timeZone), months);
}

/**
 * Whole calendar months from `from` to `to` (ISO dates): the largest n with from + n months <= to,
 * counted with the same month arithmetic as the term (addMonths).
 */
export function wholeMonthsBetween(from: string, to: string): number {
  if (to < from) return 0;
  const [fy, fm] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  while (months > 0 && addMonths(from, months) > to) months--;
  return months;
}
