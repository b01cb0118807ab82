import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { fromCents } from '@lbs/domain/money';
import { compareRanges, percentChange, type ReportRange } from '@lbs/domain/report-comparison';
import type { ReportPeriodInput } from '@lbs/domain/report-periods';
import type { TReportComparison } from '@lbs/domain/report-responses';
import { CUSTOMER_ROLE } from '@lbs/domain/roles';
import type { DbOrTx } from '../../db/client';
import { licenses, orders, refunds, users } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { isLicenseActiveThroughSql } from '../licenses/license-current';
import { orderWasPaid } from '../orders/was-paid';
import { succeededRefund, type ReportClock } from './daily-series';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Rows of the previous and the current range counted apart in one pass. The previous range ends
 * where the current one starts (or before, when cut at the same time of day), so one range scan of
 * the timestamp's index from the previous start to the current end reads both.
 */
function bothRanges(column: Column, ranges: { current: ReportRange; previous: ReportRange }) {
  const inRange = (r: ReportRange) => sql`${column} >= ${at(r.start)} and ${column} < ${at(r.end)}`;
  return {
    current: inRange(ranges.current),
    previous: inRange(ranges.previous),
    either: sql`${column} >= ${at(ranges.previous.start)} and ${column} < ${at(ranges.current.end)}`,
  };
}

/**
 * The statements behind the cards' comparison, one per table (sign-ups; paid orders, whose count
 * and income read the same rows; succeeded refunds, by when they succeeded; licences), each
 * answering the current and the previous figure. Income is net: the orders' cents minus the
 * refunds' of the same range. Exported for the query-plans test and the bench.
 */
export function comparisonSql(ranges: { current: ReportRange; previous: ReportRange }): Record<'users' | 'orders' | 'refunds' | 'licenses', SQL> {
  const signUps = bothRanges(users.createdAt, ranges);
  const payments = bothRanges(orders.paidAt, ranges);
  const refunded = bothRanges(refunds.succeededAt, ranges);
  return {
    users: sql`select count(*) filter (where ${signUps.current})::bigint as current, count(*) filter (where ${signUps.previous})::bigint as previous
      from ${users} where ${and(eq(users.role, CUSTOMER_ROLE), signUps.either)}`,
    orders: sql`select count(*) filter (where ${payments.current})::bigint as current, count(*) filter (where ${payments.previous})::bigint as previous,
        coalesce(sum(${orders.totalCents}) filter (where ${payments.current}), 0)::bigint as current_cents,
        coalesce(sum(${orders.totalCents}) filter (where ${payments.previous}), 0)::bigint as previous_cents
      from ${orders} where ${and(orderWasPaid, payments.either)}`,
    refunds: sql`select coalesce(sum(${refunds.amountCents}) filter (where ${refunded.current}), 0)::bigint as current_cents,
        coalesce(sum(${refunds.amountCents}) filter (where ${refunded.previous}), 0)::bigint as previous_cents
      from ${refunds} where ${succeededRefund} and ${refunded.either}`,
    // A level, not a sum: the licences active at each range's end, by the rule the chart's points
    // use (isLicenseActiveThroughSql), so the card agrees with the chart's last point.
    licenses: sql`select count(*) filter (where ${isLicenseActiveThroughSql(ranges.current.end)})::bigint as current,
        count(*) filter (where ${isLicenseActiveThroughSql(ranges.previous.end)})::bigint as previous
      from ${licenses} where ${licenses.startAt} < ${at(ranges.current.end)}`,
  };
}

type Pair = { current: string | number; previous: string | number };

const compared = (current: number, previous: number) => ({ current, previous, change: percentChange(current, previous) });

/** Each card's figure for the period and for the period of the same length before it. */
export async function reportComparison(db: DbOrTx, period: ReportPeriodInput, clock: ReportClock): Promise<TReportComparison> {
  const ranges = compareRanges(period, clock.now, clock.timeZone);
  const q = comparisonSql(ranges);
  type Cents = { current_cents: string | number; previous_cents: string | number };
  const [[signUps], [paid], [refunded], [active]] = await Promise.all([
    selectRows<Pair>(db, q.users),
    selectRows<Pair & Cents>(db, q.orders),
    selectRows<Cents>(db, q.refunds),
    selectRows<Pair>(db, q.licenses),
  ]);
  const refundedNow = Number(refunded!.current_cents);
  const refundedBefore = Number(refunded!.previous_cents);
  return {
    current: { start: ranges.current.start.toISOString(), end: ranges.current.end.toISOString() },
    previous: {
      start: ranges.previous.start.toISOString(),
      end: ranges.previous.end.toISOString(),
      first_day: ranges.previousDays.first,
      last_day: ranges.previousDays.last,
      cut: ranges.previousCut,
    },
    total_users: compared(Number(signUps!.current), Number(signUps!.previous)),
    active_subscriptions: compared(Number(active!.current), Number(active!.previous)),
    total_orders: compared(Number(paid!.current), Number(paid!.previous)),
    total_income: compared(fromCents(Number(paid!.current_cents) - refundedNow), fromCents(Number(paid!.previous_cents) - refundedBefore)),
    total_refunds: compared(fromCents(refundedNow), fromCents(refundedBefore)),
  };
}
