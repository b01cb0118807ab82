import { and, asc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { TAdminOrderQuery } from '@lbs/domain/admin-queries';
import { addDays, startOfBusinessDay } from '@lbs/domain/report-periods';
import type { Db } from '../../db/client';
import { containsPattern, searchedNumber } from '../../db/like-pattern';
import { paginate } from '../../db/paginate';
import { orderLines, orders } from '../../db/schema';
import { loadRefunds } from './load-refunds';
import { toOrderJson } from './order-json';
import { orderWasPaid } from './was-paid';

/** The filters: a search by order id, email or shipping name; a status; business days from..to. */
function orderFilters(q: TAdminOrderQuery, timeZone: string) {
  const id = q.q === undefined ? undefined : searchedNumber(q.q);
  const search = q.q
    ? or(
        ilike(orders.email, containsPattern(q.q)),
        ilike(sql`${orders.shippingInfo}->>'name'`, containsPattern(q.q)),
        id === undefined ? undefined : eq(orders.id, id),
      )
    : undefined;
  return and(
    // As in the account list: a checkout never paid is not an order anyone placed.
    orderWasPaid,
    search,
    q.status ? eq(orders.status, q.status) : undefined,
    q.from ? gte(orders.createdAt, startOfBusinessDay(q.from, timeZone)) : undefined,
    q.to ? lt(orders.createdAt, startOfBusinessDay(addDays(q.to, 1), timeZone)) : undefined,
  );
}

/** Every customer's paid orders with their lines, newest first. */
export async function listAllOrders(db: Db, q: TAdminOrderQuery, timeZone: string) {
  // Without a search, a status or dates the list is every paid order, which the triggers count.
  const unfiltered = !q.q && !q.status && !q.from && !q.to;
  const page = await paginate(db, {
    from: orders,
    where: orderFilters(q, timeZone),
    newestFirst: [orders.createdAt],
    tieBreak: orders.id,
    paging: q,
    countedAs: unfiltered ? 'orders:paid' : undefined,
  });
  const lines = page.items.length
    ? await db.select().from(orderLines).where(inArray(orderLines.orderId, page.items.map((o) => o.id))).orderBy(asc(orderLines.id))
    : [];
  const refunds = await loadRefunds(db, page.items.map((o) => o.id));
  return {
    ...page,
    items: page.items.map((o) => ({ ...toOrderJson(o, lines.filter((l) => l.orderId === o.id), refunds.get(o.id)), user_id: o.userId })),
  };
}
