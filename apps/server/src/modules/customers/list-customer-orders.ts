import { asc, eq, inArray } from 'drizzle-orm';
import type { TCustomerListQuery, TCustomerOrderPage } from '@lbs/domain/customer-page';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { orderLines, orders } from '../../db/schema';
import { toOrderJson } from '../orders/order-json';
import { loadRefunds } from '../orders/load-refunds';
import { assertCustomerExists } from './find-customer';

/**
 * The customer's orders, newest first, every payment state: unlike the back office's ORDERS (paid
 * only), the owner looking at one customer wants the checkout that failed too. The page's lines
 * are read in one query.
 */
export async function listCustomerOrders(db: Db, userId: number, paging: TCustomerListQuery): Promise<TCustomerOrderPage> {
  await assertCustomerExists(db, userId);
  const page = await paginate(db, { from: orders, where: eq(orders.userId, userId), newestFirst: [orders.createdAt], tieBreak: orders.id, paging });
  const ids = page.items.map((o) => o.id);
  const lines = ids.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)) : [];
  const refunds = await loadRefunds(db, ids);
  return {
    ...page,
    items: page.items.map((o) => ({ ...toOrderJson(o, lines.filter((l) => l.orderId === o.id), refunds.get(o.id)), user_id: o.userId })),
  };
}
