import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, promotionRedemptions } from '../../db/schema';
import { orderWasPaid } from '../orders/was-paid';

export interface RedemptionTotals {
  paid_redemptions: number;
  discount_given: number;
}

const NONE: RedemptionTotals = { paid_redemptions: 0, discount_given: 0 };

/** The grouped query behind paidRedemptionTotals (its plan is tested). */
export function paidRedemptionTotalsQuery(db: DbOrTx, by: 'coupon' | 'promotion', ids: readonly string[]) {
  const key = by === 'coupon' ? promotionRedemptions.couponId : promotionRedemptions.promotionId;
  return db
    .select({
      id: key,
      redemptions: count(),
      discount: sql<string | number>`coalesce(sum(${orders.discountCents}), 0)`,
    })
    .from(promotionRedemptions)
    .innerJoin(orders, eq(orders.id, promotionRedemptions.orderId))
    .where(and(inArray(key, [...ids]), orderWasPaid))
    .groupBy(key);
}

/**
 * The paid orders that used each of these coupons (or promotion codes) and the discount they were
 * given, in cents: one grouped query for a whole page of them, read by promotion_redemptions'
 * coupon or code index and each order by its key. Redemptions are written when an order is paid,
 * so unpaid and failed checkouts are not here; the payment status is checked all the same.
 */
export async function paidRedemptionTotals(
  db: DbOrTx,
  by: 'coupon' | 'promotion',
  ids: readonly string[],
): Promise<(id: string) => RedemptionTotals> {
  if (!ids.length) return () => NONE;
  const rows = await paidRedemptionTotalsQuery(db, by, ids);
  const totals = new Map(rows.map((r) => [r.id, { paid_redemptions: Number(r.redemptions), discount_given: Number(r.discount) }]));
  return (id) => totals.get(id) ?? NONE;
}
