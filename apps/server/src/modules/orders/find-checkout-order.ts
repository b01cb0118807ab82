import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { loadOrderJson } from './load-order-json';

/**
 * The caller's own order behind a payment session (the success page's ?session_id=), paid or
 * still being confirmed. Another customer's session, or none, is 404: the page then shows its
 * neutral view and leaves the cart alone.
 */
export async function findCheckoutOrder(db: Db, userId: number, sessionId: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentSessionId, sessionId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw notFound('No checkout of yours has this session');
  return loadOrderJson(db, order, 'customer');
}
