import { eq, sql } from 'drizzle-orm';
import { fromCents } from '@lbs/domain/money';
import type { TReportOverview } from '@lbs/domain/report-responses';
import { CUSTOMER_ROLE } from '@lbs/domain/roles';
import type { DbOrTx } from '../../db/client';
import { licenses, orders, refunds, users } from '../../db/schema';
import { isLicenseActiveThroughSql } from '../licenses/license-current';
import { selectRows } from '../../db/select-rows';
import { orderWasPaid } from '../orders/was-paid';
import { succeededRefund } from './daily-series';

/**
 * The overview cards: the totals now, in one statement. Active subscriptions are counted by the
 * same rule as the chart's points, so the card equals the chart's point for today (both at `now`).
 * Orders are those that were paid (refunded ones too: they were placed); income is what they
 * charged minus what succeeded refunds gave back (DESIGN §6.2), the refunds a figure of their own.
 */
export async function reportOverview(db: DbOrTx, now: Date): Promise<TReportOverview> {
  const [row] = await selectRows<Record<'users' | 'subscriptions' | 'orders' | 'paid_cents' | 'refunded_cents', string | number>>(
    db,
    sql`select
      (select count(*) from ${users} where ${eq(users.role, CUSTOMER_ROLE)})::bigint as users,
      (select count(*) from ${licenses} where ${isLicenseActiveThroughSql(now)})::bigint as subscriptions,
      (select count(*) from ${orders} where ${orderWasPaid})::bigint as orders,
      (select coalesce(sum(${orders.totalCents}), 0) from ${orders} where ${orderWasPaid})::bigint as paid_cents,
      (select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${succeededRefund} and ${refunds.succeededAt} is not null)::bigint as refunded_cents`,
  );
  const refunded = Number(row!.refunded_cents);
  return {
    total_users: Number(row!.users),
    total_subscriptions: Number(row!.subscriptions),
    total_orders: Number(row!.orders),
    total_income: fromCents(Number(row!.paid_cents) - refunded),
    total_refunds: fromCents(refunded),
  };
}
