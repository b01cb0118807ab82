import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { resolvePeriod, zeroFill, type ReportPeriodInput } from '@lbs/domain/report-periods';
import type { TUsageDaily, TUsageSummary } from '@lbs/domain/report-responses';
import type { DbOrTx } from '../../db/client';
import { usageEvents } from '../../db/schema';
import type { ReportClock } from '../reports/daily-series';
import { selectRows } from '../../db/select-rows';
import { perDaySql } from '../reports/day-buckets';
import { countUsageEvents } from './count-usage-events';

/** Seconds to the millisecond: float4 sums carry noise past that. */
const seconds = (value: unknown) => (value === null || value === undefined ? 0 : Math.round(Number(value) * 1000) / 1000);

/** Files processed successfully in [start, end): the (kind, occurred_at) index serves it. */
const successIn = (start: SQL | Date, endExclusive: SQL | Date) =>
  and(eq(usageEvents.kind, 'success'), gte(usageEvents.occurredAt, start), lt(usageEvents.occurredAt, endExclusive));

export function usageSummarySql(start: Date, endExclusive: Date): SQL {
  return sql`select count(*)::bigint as count, avg(${usageEvents.processingTime}) as average_time
    from ${usageEvents} where ${successIn(start, endExclusive)}`;
}

export function usageDailySql(days: readonly string[], timeZone: string): SQL {
  return perDaySql(days, timeZone, {
    from: usageEvents,
    at: usageEvents.occurredAt,
    where: eq(usageEvents.kind, 'success'),
    aggregates: sql`count(*)::bigint as count, avg(${usageEvents.processingTime}) as average_time`,
  });
}

/** Errors over all events, or null when there were none (the screen shows a dash, not 0 %). */
export const errorRate = (successes: number, errors: number): number | null =>
  successes + errors === 0 ? null : errors / (successes + errors);

/**
 * Usage over a period: files processed and their average processing time, and the files that
 * failed with their share of all events. The errors are summed from the hourly counts
 * (countUsageEvents), not counted event by event.
 */
export async function usageSummary(db: DbOrTx, period: ReportPeriodInput, clock: ReportClock): Promise<TUsageSummary> {
  const r = resolvePeriod(period, clock.now, clock.timeZone);
  const [row] = await selectRows<{ count: string | number; average_time: unknown }>(db, usageSummarySql(r.startUtc, r.endUtcExclusive));
  const errors = await countUsageEvents(db, 'error', { start: r.startUtc, endExclusive: r.endUtcExclusive });
  const successes = Number(row?.count ?? 0);
  return { total_usage: successes, average_time: seconds(row?.average_time), errors, error_rate: errorRate(successes, errors) };
}

/** The same per business day, every day of the period, zero-filled. */
export async function usageDaily(db: DbOrTx, period: ReportPeriodInput, clock: ReportClock): Promise<TUsageDaily> {
  const { days } = resolvePeriod(period, clock.now, clock.timeZone);
  const rows = await selectRows<{ date: string; count: string | number; average_time: unknown }>(db, usageDailySql(days, clock.timeZone));
  return zeroFill(
    days,
    rows.map((r) => ({ date: r.date, count: Number(r.count), average_time: seconds(r.average_time) })),
    { count: 0, average_time: 0 },
  );
}
