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

/**
 * The filters: a search by order id, email or shipping name; a status; a payment state; business
 * days from..to. Without a payment state the list is the paid orders (refunded ones too), except
 * that a search by order number also finds that order whatever its payment state (issue 37: an
 * abandoned checkout was found only from its customer's page). Exported for the query-plan test.
 */
export function adminOrdersWhere(q: TAdminOrderQuery, timeZone: string) {
  const id = q.q === undefined ? undefined : searchedNumber(q.q);
  const search = q.q
    ? or(
        ilike(orders.email, containsPattern(q.q)),
        ilike(sql`${orders.shippingInfo}->>'name'`, containsPattern(q.q)),
        id === undefined ? undefined : eq(orders.id, id),
      )
    : undefined;
  // As in the account list: a checkout never paid is not an order anyone placed, unless asked for.
  const payment = q.payment ? eq(orders.paymentStatus, q.payment) : id === undefined ? orderWasPaid : or(orderWasPaid, eq(orders.id, id));
  return and(
    payment,
    search,
    q.status ? eq(orders.status, q.status) : undefined,
    q.from ? gte(orders.createdAt, startOfBusinessDay(q.from, timeZone)) : undefined,
    q.to ? lt(orders.createdAt, startOfBusinessDay(addDays(q.to, 1), timeZone)) : undefined,
  );
}

/** Every customer's paid orders (or those of a payment state) with their lines, newest first. */
export async function listAllOrders(db: Db, q: TAdminOrderQuery, timeZone: string) {
  // Without a search, a status or dates the list is every paid order, which the triggers count.
  const unfiltered = !q.q && !q.status && !q.payment && !q.from && !q.to;
  const page = await paginate(db, {
    from: orders,
    where: adminOrdersWhere(q, timeZone),
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
