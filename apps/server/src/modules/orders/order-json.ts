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
    carrier: o.carrierCode ?? '',
    carrier_name: o.carrierName ?? '',
    estimate_date: o.estimateDate ?? '',
    subtotal: o.subtotalCents / 100,
    shipping_fee: o.shippingCents / 100,
    discount: o.discountCents / 100,
    total: o.totalCents / 100,
    currency: o.currency,
  };
}
