import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, type orders } from '../../db/schema';
import { loadRefunds } from './load-refunds';
import { customerVisibleRefunds, toOrderJson } from './order-json';

/**
 * One order with its lines and refunds, as the back office (every refund) or its customer (no
 * failed ones, customerVisibleRefunds) reads it. Lists of orders read their lines and refunds for
 * the whole page at once instead (list-all-orders.ts).
 */
export async function loadOrderJson(db: DbOrTx, order: typeof orders.$inferSelect, reader: 'admin' | 'customer' = 'admin') {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const refunds = (await loadRefunds(db, [order.id])).get(order.id) ?? [];
  return toOrderJson(order, lines, reader === 'customer' ? customerVisibleRefunds(refunds) : refunds);
}
