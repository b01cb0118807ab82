/**
 * Report periods (DESIGN §5): reports count in business days of one IANA time zone, so a payment
 * at 23:30 in Singapore belongs to that Singapore day whatever the server's own zone is. A period
 * becomes a list of days and one half-open UTC range covering exactly those days, which is what
 * the grouped SQL filters on (so the timestamp indexes are used). Pure: Intl only, no Node APIs.
 */
import { z } from 'zod';

import { MSG } from './messages';

export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Singapore';

export const REPORT_PERIOD_NAMES = ['today', 'yesterday', 'last_7_days', 'last_1_month'] as const;
export type ReportPeriodName = (typeof REPORT_PERIOD_NAMES)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriodName = 'last_7_days';

/** A custom range may hold at most this many days (a leap year, end included). */
export const MAX_REPORT_DAYS = 366;

/** Days counted back from today, today included. */
const PERIOD_SPAN: Record<ReportPeriodName, { lastDayOffset: number; days: number }> = {
  today: { lastDayOffset: 0, days: 1 },
  yesterday: { lastDayOffset: -1, days: 1 },
  last_7_days: { lastDayOffset: 0, days: 7 },
  last_1_month: { lastDayOffset: 0, days: 30 },
};

// Messages of the query schema (ours; the spec gives none). They sit here beside their rule.
export const REPORT_MSG = {
  dateFormat: 'Dates must be given as YYYY-MM-DD',
  rangeRequired: MSG.licenseRangeRequired,
  startAfterEnd: 'Start date must not be after end date',
  rangeTooLong: `A custom range can cover at most ${MAX_REPORT_DAYS} days`,
  periodOrRange: 'Give either a period or start_date and end_date, not both',
} as const;

export interface ReportPeriodInput {
  period?: ReportPeriodName | null;
  start_date?: string | null;
  end_date?: string | null;
}

export interface ResolvedPeriod {
  /** Every business day of the range, oldest first, as YYYY-MM-DD. */
  days: string[];
  /** The first instant of the first day in the business time zone. */
  startUtc: Date;
  /** The first instant of the day after the last one: the range is [startUtc, endUtcExclusive). */
  endUtcExclusive: Date;
}

// ---------------------------------------------------------------------------------------------
// Calendar days (YYYY-MM-DD), counted in UTC so that no zone's offset can shift them.

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD ('2025-02-30' is not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function dayToUtcMs(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match || !isCalendarDay(day)) throw new RangeError(`Not a calendar day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function utcMsToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day `delta` days after `day` (negative: before). */
export function addDays(day: string, delta: number): string {
  return utcMsToDay(dayToUtcMs(day) + delta * DAY_MS);
}

/** Number of days from `start` to `end`, both included (0 or less when start is after end). */
function daysInRange(start: string, end: string): number {
  return Math.round((dayToUtcMs(end) - dayToUtcMs(start)) / DAY_MS) + 1;
}

// ---------------------------------------------------------------------------------------------
// Time zones

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name this runtime knows ('Asia/Singapore', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  day: string;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs)))
    parts[part.type] = part.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The business day (YYYY-MM-DD) that an instant falls on in `timeZone`. */
export function businessDayOf(
  instant: Date,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): string {
  return wallClock(instant.getTime(), timeZone).day;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (Singapore: +8 h). */
function offsetMs(instantMs: number, timeZone: string): number {
  const w = wallClock(instantMs, timeZone);
  const asUtc = dayToUtcMs(w.day) + ((w.hour * 60 + w.minute) * 60 + w.second) * 1000;
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** How far into its business day an instant is by the zone's wall clock (12:00 local: 12 hours). */
export function wallClockMsOfDay(instant: Date, timeZone: string = DEFAULT_BUSINESS_TIME_ZONE): number {
  const ms = instant.getTime();
  const w = wallClock(ms, timeZone);
  return ((w.hour * 60 + w.minute) * 60 + w.second) * 1000 + (((ms % 1000) + 1000) % 1000);
}

/**
 * The instant a business day's wall clock shows `msOfDay` (12 hours: noon local), corrected by the
 * zone's offset twice as startOfBusinessDay is. A wall time the clocks skip reads as just after the jump.
 */
export function instantAtWallClock(day: string, msOfDay: number, timeZone: string = DEFAULT_BUSINESS_TIME_ZONE): Date {
  const wall = dayToUtcMs(day) + msOfDay;
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

/**
 * The first instant of a business day: local midnight, found by correcting a guess with the
 * zone's offset twice (the offset at the guess may differ from the offset at midnight when a
 * DST change falls in between). Where a zone skips midnight itself, the day starts when the
 * clocks jump, which the minute search finds.
 */
export function startOfBusinessDay(
  day: string,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): Date {
  // A year's report needs 366 day starts, each three Intl calls (~25 ms in all on the server):
  // a day's start never changes, so each is worked out once. Bounded: cleared past 20,000.
  const key = `${timeZone}|${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const start = findStartOfBusinessDay(day, timeZone);
  if (dayStarts.size >= 20_000) dayStarts.clear();
  dayStarts.set(key, start.getTime());
  return start;
}

const dayStarts = new Map<string, number>();

function findStartOfBusinessDay(day: string, timeZone: string): Date {
  const wallMidnight = dayToUtcMs(day);
  const first = wallMidnight - offsetMs(wallMidnight, timeZone);
  const candidate = wallMidnight - offsetMs(first, timeZone);
  const w = wallClock(candidate, timeZone);
  if (w.day === day && w.hour === 0 && w.minute === 0 && w.second === 0) return new Date(candidate);
  // Earliest minute whose local day is `day` or later; offsets change on whole minutes.
  let lo = Math.floor((candidate - DAY_MS) / 60_000);
  let hi = Math.ceil((candidate + DAY_MS) / 60_000);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallClock(mid * 60_000, timeZone).day >= day) hi = mid;
    else lo = mid + 1;
  }
  return new Date(lo * 60_000);
}

// ---------------------------------------------------------------------------------------------
// Periods

/** Why a custom range is refused, or null when it is fine. */
export function customRangeProblem(start: string, end: string): string | null {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return REPORT_MSG.dateFormat;
  const days = daysInRange(start, end);
  if (days < 1) return REPORT_MSG.startAfterEnd;
  if (days > MAX_REPORT_DAYS) return REPORT_MSG.rangeTooLong;
  return null;
}

/**
 * The days of a period, counted back from the business day `now` falls on, or a custom inclusive
 * range, with the UTC range that covers exactly those days. Input the query schema would refuse
 * throws a RangeError (the route validates first, so a caller only sees it through a bug).
 */
export function resolvePeriod(
  input: ReportPeriodInput,
  now: Date,
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
): ResolvedPeriod {
  let first: string;
  let count: number;
  if (input.start_date || input.end_date) {
    if (!input.start_date || !input.end_date) throw new RangeError(REPORT_MSG.rangeRequired);
    const problem = customRangeProblem(input.start_date, input.end_date);
    if (problem) throw new RangeError(problem);
    first = input.start_date;
    count = daysInRange(input.start_date, input.end_date);
  } else {
    const span = PERIOD_SPAN[input.period ?? DEFAULT_REPORT_PERIOD];
    if (!span) throw new RangeError(`Unknown report period: ${String(input.period)}`);
    const last = addDays(businessDayOf(now, timeZone), span.lastDayOffset);
    first = addDays(last, 1 - span.days);
    count = span.days;
  }
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  return {
    days,
    startUtc: startOfBusinessDay(days[0]!, timeZone),
    endUtcExclusive: startOfBusinessDay(addDays(days[days.length - 1]!, 1), timeZone),
  };
}

/**
 * One row per day, in the order of `days`: the row the query found for that day, or `zero` for
 * a day without any. Rows for days outside the list are dropped.
 */
export function zeroFill<T extends { date: string }>(
  days: readonly string[],
  rows: readonly T[],
  zero: Omit<T, 'date'>,
): T[] {
  const byDay = new Map(rows.map((row) => [row.date, row]));
  return days.map((date) => byDay.get(date) ?? ({ ...zero, date } as T));
}

// ---------------------------------------------------------------------------------------------
// The query: ?period= or ?start_date=&end_date= (default: the last 7 days)

const ZDay = z.string().trim().refine(isCalendarDay, { error: REPORT_MSG.dateFormat }).nullish();

export const ZReportQuery = z
  .object({
    period: z.enum(REPORT_PERIOD_NAMES).nullish(),
    start_date: ZDay,
    end_date: ZDay,
  })
  .superRefine((query, ctx) => {
    const hasStart = Boolean(query.start_date);
    const hasEnd = Boolean(query.end_date);
    if (hasStart !== hasEnd) {
      ctx.addIssue({
        code: 'custom',
        path: [hasStart ? 'end_date' : 'start_date'],
        message: REPORT_MSG.rangeRequired,
      });
      return;
    }
    if (!hasStart) return;
    if (query.period) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: REPORT_MSG.periodOrRange });
      return;
    }
    const problem = customRangeProblem(query.start_date!, query.end_date!);
    if (problem) ctx.addIssue({ code: 'custom', path: ['end_date'], message: problem });
  })
  .transform((query): ReportPeriodInput =>
    query.start_date && query.end_date
      ? { start_date: query.start_date, end_date: query.end_date }
      : { period: query.period ?? DEFAULT_REPORT_PERIOD },
  );
