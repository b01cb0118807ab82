import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines } from '../../db/schema';

export interface LineOfOrder {
  orderId: number;
  name: string;
  quantity: number;
}

/** The lines of a batch of orders in one query (order_lines_order_idx), in each order's own order. */
export const linesOfOrdersQuery = (db: DbOrTx, orderIds: readonly number[]) =>
  db
    .select({ orderId: orderLines.orderId, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(orderLines.orderId, orderLines.id);

/** Each order's lines, by order id; an order without lines is missing from the map. */
export async function linesOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, LineOfOrder[]>> {
  const byOrder = new Map<number, LineOfOrder[]>();
  if (orderIds.length === 0) return byOrder;
  for (const line of await linesOfOrdersQuery(db, orderIds)) {
    const list = byOrder.get(line.orderId);
    if (list) list.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return byOrder;
}
