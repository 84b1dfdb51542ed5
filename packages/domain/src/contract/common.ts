import { z } from "zod";
import { DURATIONS_MONTHS, LANGUAGES, LIMITS } from "../constants.ts";
import { IBAN_MAX_LENGTH, type IbanProblem, ibanProblem, normalizeIban } from "../iban.ts";
import { isCalendarDate } from "../identity/age.ts";
import { toBasisPoints, toCents } from "../money/interest.ts";

/** ?limit=&offset= for every list that can grow; total in X-Total-Count. */
export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

type Values = readonly [string, ...string[]];

/** A paged list with an optional filter on its status. */
export const statusListQuerySchema = <T extends Values>(statuses: T) =>
  paginationQuerySchema.extend({ status: z.enum(statuses).optional() });

/** An optional list filter that treats "" (the "All" choice of a select) as no filter. */
export const optionalFilter = <T extends Values>(values: T) =>
  z
    .union([z.enum(values), z.literal("")])
    .optional()
    .transform((v) => (v ? (v as T[number]) : undefined));

export const languageSchema = z.enum(LANGUAGES);

export const idParamSchema = z.object({ id: z.string().uuid() });

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** An instant in an answer, as ISO 8601 text. */
export const timestampSchema = z.string().describe("ISO 8601 timestamp");

/** The staff member (or user) who did something, as the back office names them. */
export const personRefSchema = z.object({ id: z.string().uuid(), full_name: z.string() });

/** The account a back-office record is about, named beside it (a KYC document, a sanctions hit). */
export const concernedUserFields = {
  user_id: z.string().uuid(),
  user_email: z.string(),
  user_full_name: z.string(),
};

/** The staff member who did something, by e-mail address (the payment screens). */
export const staffEmailRefSchema = z.object({ id: z.string().uuid(), email: z.string() });

/** A trimmed, non-empty, bounded piece of text. */
export const text = (max: number) => z.string().trim().min(1).max(max);

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .email()
  .transform((value) => value.toLowerCase());

/** The years a date sent to the API may fall in; outside them a date is a typo or an attack, never a saver's day. */
export const CALENDAR_YEARS = { min: 1900, max: 2199 } as const;

/**
 * The one date type of every request: a real calendar day written YYYY-MM-DD (no 30 February) in
 * CALENDAR_YEARS. Anything else is `400 invalid_date` (docs/decisions.md "One date type in requests").
 */
export const calendarDateSchema = z
  .string()
  .refine(
    (value) => {
      if (!isCalendarDate(value)) return false;
      const year = Number(value.slice(0, 4));
      return year >= CALENDAR_YEARS.min && year <= CALENDAR_YEARS.max;
    },
    {
      message: `Not a calendar date (YYYY-MM-DD, years ${CALENDAR_YEARS.min} to ${CALENDAR_YEARS.max})`,
      params: { code: "invalid_date" },
    },
  )
  .meta({ format: "date" });

/** An IBAN as people type it: any spacing and case in (bounded), the electronic format out; not yet checked. */
export const ibanTextSchema = z
  .string()
  .max(IBAN_MAX_LENGTH * 2)
  .transform(normalizeIban);

/**
 * The one IBAN field of every request: `ibanTextSchema`, then a valid IBAN of a SEPA country (ISO 13616
 * check digits), else `400 invalid_iban` worded by `message` for the problem found (the saver's reference
 * account says what to fix; staff fields say "Not a valid IBAN").
 */
export const ibanSchema = (message: (problem: IbanProblem) => string = () => "Not a valid IBAN") =>
  ibanTextSchema.superRefine((iban, ctx) => {
    const problem = ibanProblem(iban);
    if (problem) {
      ctx.addIssue({ code: "custom", message: message(problem), params: { code: "invalid_iban", problem } });
    }
  });

/* The money fields of requests: the calculator, packages, applications, ladders, rate alerts and funding share them. */

/** An amount of money as a JSON number: at most two decimals, so it converts to cents exactly. */
export const moneyAmountSchema = (min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((value) => toCents(value) !== null, { message: "Use at most two decimal places" });

/** An interest rate in percent with at most two decimals (3.99), within the calculator's limits. */
export const interestRateSchema = z
  .number()
  .min(LIMITS.minRate)
  .max(LIMITS.maxRate)
  .refine((value) => toBasisPoints(value) !== null, { message: "Use at most two decimal places" })
  .describe("Percent per year, e.g. 3.5");

/** A term the platform sells: an enum in the published document, as the server checks it. */
export const durationMonthsSchema = z
  .literal(DURATIONS_MONTHS, { message: `must be one of ${DURATIONS_MONTHS.join(", ")}` })
  .describe(`Term in months: ${DURATIONS_MONTHS.join(", ")}`);
