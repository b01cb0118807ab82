import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { fromCents } from '@lbs/domain/money';
import { resolvePeriod, zeroFill, type ReportPeriodInput } from '@lbs/domain/report-periods';
import type { TReportSeries } from '@lbs/domain/report-responses';
import { CUSTOMER_ROLE } from '@lbs/domain/roles';
import type { ReportMetric } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { licenses, orders, users } from '../../db/schema';
import { isLicenseCurrentThroughSql } from '../licenses/license-current';
import { dayBuckets, selectRows } from './day-buckets';

export interface ReportClock {
  now: Date;
  /** BUSINESS_TIME_ZONE: the zone whose days are counted. */
  timeZone: string;
}

const dayStart = sql`d.day_start`;
const dayEnd = sql`d.day_end`;

/** Paid orders whose payment fell on the day (orders_paid_idx serves the range). */
const paidOnDay = and(eq(orders.paymentStatus, 'paid'), gte(orders.paidAt, dayStart), lt(orders.paidAt, dayEnd));

/**
 * One grouped SQL per metric: the day table (day-buckets.ts) left-joined to the metric's rows
 * over each day's half-open range, so every day comes back, the empty ones as 0. Each answers
 * rows `{date, value}`; `value` is a count, or cents for income.
 */
export function metricSql(metric: ReportMetric, days: readonly string[], timeZone: string): SQL {
  const d = dayBuckets(days, timeZone);
  switch (metric) {
    case 'total_users':
      return sql`select d.day as date, count(${users.id})::bigint as value from ${d}
        left join ${users} on ${and(eq(users.role, CUSTOMER_ROLE), gte(users.createdAt, dayStart), lt(users.createdAt, dayEnd))}
        group by d.day order by d.day`;
    case 'active_subscriptions':
      return sql`select d.day as date, count(${licenses.id})::bigint as value from ${d}
        left join ${licenses} on ${isLicenseCurrentThroughSql(dayEnd)}
        group by d.day order by d.day`;
    case 'total_orders':
      return sql`select d.day as date, count(${orders.id})::bigint as value from ${d}
        left join ${orders} on ${paidOnDay}
        group by d.day order by d.day`;
    case 'total_income':
      return sql`select d.day as date, coalesce(sum(${orders.totalCents}), 0)::bigint as value from ${d}
        left join ${orders} on ${paidOnDay}
        group by d.day order by d.day`;
  }
}

/** A metric for every day of a period or custom range, oldest first, zero-filled. */
export async function dailySeries(
  db: DbOrTx,
  metric: ReportMetric,
  period: ReportPeriodInput,
  clock: ReportClock,
): Promise<TReportSeries> {
  const { days } = resolvePeriod(period, clock.now, clock.timeZone);
  const rows = await selectRows<{ date: string; value: string | number }>(db, metricSql(metric, days, clock.timeZone));
  if (metric === 'total_income') {
    const income = rows.map((r) => ({ date: r.date, income: fromCents(Number(r.value)) }));
    return zeroFill(days, income, { income: 0 });
  }
  return zeroFill(days, rows.map((r) => ({ date: r.date, count: Number(r.value) })), { count: 0 });
}
