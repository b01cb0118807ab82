import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { orderLines, orders } from '../../db/schema';
import { loadRefunds } from '../refunds/load-refunds';
import { toOrderJson } from './order-json';
import { orderWasPaid } from './was-paid';

/**
 * A user's orders, newest first. Only paid ones: a checkout that was opened and never paid (or
 * whose payment failed) is not an order the customer placed.
 */
export async function listUserOrders(db: Db, userId: number, paging: { page: number; page_size: number }) {
  const page = await paginate(db, {
    from: orders,
    where: and(eq(orders.userId, userId), orderWasPaid),
    newestFirst: [orders.createdAt],
    tieBreak: orders.id,
    paging,
  });
  const rows = page.items;
  const lines = rows.length
    ? await db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, rows.map((o) => o.id)))
        .orderBy(asc(orderLines.id))
    : [];
  const refunds = await loadRefunds(db, rows.map((o) => o.id));
  return { ...page, items: rows.map((o) => toOrderJson(o, lines.filter((l) => l.orderId === o.id), refunds.get(o.id))) };
}
