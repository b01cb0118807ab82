import { eq, sql } from 'drizzle-orm';
import { fromCents } from '@lbs/domain/money';
import type { TReportOverview } from '@lbs/domain/report-responses';
import { CUSTOMER_ROLE } from '@lbs/domain/roles';
import type { DbOrTx } from '../../db/client';
import { licenses, orders, users } from '../../db/schema';
import { isLicenseActiveThroughSql } from '../licenses/license-current';
import { selectRows } from '../../db/select-rows';

/**
 * The overview cards: the totals now, in one statement. Active subscriptions are counted by the
 * same rule as the chart's points, so the card equals the chart's point for today (both at `now`).
 */
export async function reportOverview(db: DbOrTx, now: Date): Promise<TReportOverview> {
  const paid = eq(orders.paymentStatus, 'paid');
  const [row] = await selectRows<Record<'users' | 'subscriptions' | 'orders' | 'income_cents', string | number>>(
    db,
    sql`select
      (select count(*) from ${users} where ${eq(users.role, CUSTOMER_ROLE)})::bigint as users,
      (select count(*) from ${licenses} where ${isLicenseActiveThroughSql(now)})::bigint as subscriptions,
      (select count(*) from ${orders} where ${paid})::bigint as orders,
      (select coalesce(sum(${orders.totalCents}), 0) from ${orders} where ${paid})::bigint as income_cents`,
  );
  return {
    total_users: Number(row!.users),
    total_subscriptions: Number(row!.subscriptions),
    total_orders: Number(row!.orders),
    total_income: fromCents(Number(row!.income_cents)),
  };
}
