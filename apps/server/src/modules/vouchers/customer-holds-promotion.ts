import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * Whether a once-per-customer promotion is used up for this customer. A paid order with the
 * promotion always counts; orders that were abandoned (failed) never do. `inFlight` also counts
 * the customer's unpaid orders with it: checkout asks that only after it has abandoned every earlier
 * checkout of the customer that can still be abandoned (createOnePaymentCheckout), so the unpaid
 * orders left are ones whose payment may still complete (a local session already charged, a Stripe
 * session that could not be expired). Counting them is what stops two paid uses; the lookup leaves
 * them out, because confirming again abandons an open checkout rather than being refused.
 */
export async function customerHoldsPromotion(
  db: DbOrTx,
  userId: number,
  promotionId: string,
  opts: { inFlight?: boolean } = {},
): Promise<boolean> {
  const statuses: Array<'paid' | 'unpaid'> = opts.inFlight ? ['paid', 'unpaid'] : ['paid'];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.promotionId, promotionId), inArray(orders.paymentStatus, statuses)))
    .limit(1);
  return rows.length > 0;
}
