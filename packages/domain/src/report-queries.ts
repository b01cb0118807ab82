/**
 * The back office's report and analytics queries. Every one is strict: an unknown parameter (a
 * typo such as `?perod=today`) is a 400 naming it, never a silently different report.
 */
import { z } from 'zod';

import {
  addDays,
  isCalendarDay,
  REPORT_MSG,
  REPORT_PERIOD_NAMES,
  resolvePeriod,
  startOfBusinessDay,
  ZReportQuery,
} from './report-periods';
import { REPORT_METRICS, ZPaging } from './schemas';

/**
 * The days a query may name: nothing in the shop predates 1970, and the day after the last one
 * must still be a four-digit year (the range ends where the next day starts).
 */
const FIRST_REPORT_DAY = '1970-01-01';
const LAST_REPORT_DAY = '9999-12-30';
const DAY_OUT_OF_RANGE = `Dates must fall between ${FIRST_REPORT_DAY} and ${LAST_REPORT_DAY}`;

/** True for a well-formed day outside the range above (a malformed one is left to the format rule). */
const outOfRange = (day: string | null | undefined) =>
  Boolean(day && isCalendarDay(day) && (day < FIRST_REPORT_DAY || day > LAST_REPORT_DAY));

/** `?period=` or `?start_date=&end_date=` (report-periods.ts), nothing else. */
export const ZStrictReportQuery = z.pipe(
  ZReportQuery.in.strict().superRefine((q, ctx) => {
    for (const key of ['start_date', 'end_date'] as const) {
      if (outOfRange(q[key])) ctx.addIssue({ code: 'custom', path: [key], message: DAY_OUT_OF_RANGE });
    }
  }),
  ZReportQuery.out,
);

/** The overview takes no parameters. */
export const ZNoQuery = z.object({}).strict();

export const ZReportMetricParams = z.object({ metric: z.enum(REPORT_METRICS) });

export const ANALYTICS_MSG = {
  periodOrDates: 'Give either a period or from/to dates, not both',
  fromAfterTo: 'The from date must not be after the to date',
} as const;

const ZDay = z
  .string()
  .trim()
  .refine(isCalendarDay, { error: REPORT_MSG.dateFormat })
  .refine((day) => !outOfRange(day), { error: DAY_OUT_OF_RANGE })
  .nullish();

/**
 * A page of analytics events: `page`, `page_size`, and either a `period` or `from`/`to` business
 * days (both inclusive, either may be left open). Neither: every event.
 */
export const ZAnalyticsListQuery = z
  .object({
    // Absent: the page after `after`'s, or before `before`'s, or else page 1 (keyset paging by the
    // cursor alone); given, the page asked for, a cursor only saying where to start reading.
    page: z.coerce.number().int().min(1).optional(),
    page_size: ZPaging.shape.page_size,
    period: z.enum(REPORT_PERIOD_NAMES).nullish(),
    from: ZDay,
    to: ZDay,
    // A position a previous page answered (next_cursor / prev_cursor), opaque; the server checks it.
    after: z.string().max(200).optional(),
    before: z.string().max(200).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.period && (q.from || q.to)) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: ANALYTICS_MSG.periodOrDates });
    } else if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_MSG.fromAfterTo });
    }
  });
export type TAnalyticsListQuery = z.output<typeof ZAnalyticsListQuery>;

/** A half-open UTC range [start, endExclusive); an open side is undefined. */
export interface InstantRange {
  start?: Date;
  endExclusive?: Date;
}

/** The instants an analytics list covers: a period as the reports count it, or from/to business days. */
export function analyticsListRange(
  q: Pick<TAnalyticsListQuery, 'period' | 'from' | 'to'>,
  now: Date,
  timeZone: string,
): InstantRange {
  if (q.period) {
    const r = resolvePeriod({ period: q.period }, now, timeZone);
    return { start: r.startUtc, endExclusive: r.endUtcExclusive };
  }
  return {
    start: q.from ? startOfBusinessDay(q.from, timeZone) : undefined,
    endExclusive: q.to ? startOfBusinessDay(addDays(q.to, 1), timeZone) : undefined,
  };
}
