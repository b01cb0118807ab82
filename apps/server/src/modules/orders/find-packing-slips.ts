import { and, asc, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { PackingSlip } from './packing-slip-pdf';
import { orderHoldsPayment } from './was-paid';

/**
 * The packing slips of these paid orders, in the order asked: two queries whatever their number
 * (the orders, then all their lines). An id that is no paid order (unknown, or a checkout never
 * paid, which the back office does not list) is a 404 naming it, rather than a file missing a slip.
 */
export async function findPackingSlips(db: Db, orderIds: readonly number[]): Promise<PackingSlip[]> {
  const ids = [...new Set(orderIds)];
  const found = await slipOrdersQuery(db, ids);
  const byId = new Map(found.map((o) => [o.id, o]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`${missing.length === 1 ? 'Order' : 'Orders'} ${missing.map((id) => `#${id}`).join(', ')} not found`);
  const lines = await slipLinesQuery(db, ids);
  const linesOf = new Map<number, PackingSlip['lines']>();
  for (const l of lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), { name: l.name, quantity: l.quantity }]);
  return ids.map((id) => {
    const o = byId.get(id)!;
    return {
      orderId: o.id,
      placedAt: o.createdAt,
      email: o.email,
      shipTo: o.shippingInfo ?? null,
      lines: linesOf.get(id) ?? [],
    };
  });
}

/** The paid orders among these ids (exported for the query-plan test: read by the primary key). */
export const slipOrdersQuery = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({ id: orders.id, createdAt: orders.createdAt, email: orders.email, shippingInfo: orders.shippingInfo })
    .from(orders)
    .where(and(inArray(orders.id, [...ids]), orderHoldsPayment));

/** Every line of these orders in one query (exported for the query-plan test: read by order_lines_order_idx). */
export const slipLinesQuery = (db: DbOrTx, ids: readonly number[]) =>
  db
    .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...ids]))
    .orderBy(asc(orderLines.id));
