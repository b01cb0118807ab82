import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { orderLines, orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** An order as the account and admin screens read it (spec §3, plus totals and lines). */
export function toOrderJson(o: OrderRow, lines: LineRow[]) {
  return {
    order_id: o.id,
    status: o.status,
    payment_status: o.paymentStatus,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    email: o.email,
    shipping_info: o.shippingInfo ?? null,
    products: lines.map((l) => ({ product_id: l.productId, name: l.name, quantity: l.quantity, price: l.unitPriceCents / 100 })),
    track_num: o.trackNum ?? '',
    track_url: o.trackUrl ?? '',
    carrier_name: o.carrierName ?? '',
    estimate_date: o.estimateDate ?? '',
    subtotal: o.subtotalCents / 100,
    shipping_fee: o.shippingCents / 100,
    discount: o.discountCents / 100,
    total: o.totalCents / 100,
    currency: o.currency,
  };
}

/**
 * A user's orders, newest first. Only paid ones: a checkout that was opened and never paid (or
 * whose payment failed) is not an order the customer placed.
 */
export async function listUserOrders(db: Db, userId: number, paging: { page: number; page_size: number }) {
  const page = await paginate(db, {
    from: orders,
    where: and(eq(orders.userId, userId), eq(orders.paymentStatus, 'paid')),
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
  return { ...page, items: rows.map((o) => toOrderJson(o, lines.filter((l) => l.orderId === o.id))) };
}
