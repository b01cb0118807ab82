import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { toOrderJson } from './order-json';
import { loadRefunds } from '../refunds/load-refunds';

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
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  return toOrderJson(order, lines, (await loadRefunds(db, [order.id])).get(order.id));
}
