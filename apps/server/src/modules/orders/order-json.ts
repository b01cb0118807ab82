import { creditNoteLabel, type RefundOrigin } from '@lbs/domain/refunds';
import type { OrderState } from '@lbs/domain/statuses';
import { orderLines, orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
/** What an order's JSON shows of a line (the customer's list reads only these, as JSON from SQL). */
export type OrderLineFields = Pick<LineRow, 'id' | 'productId' | 'name' | 'quantity' | 'unitPriceCents'>;

/** An order's refunds as its JSON shows them (loaded for a page of orders in one query). */
export interface OrderRefundRow {
  id: string;
  amountCents: number;
  state: 'pending' | 'succeeded' | 'failed';
  origin: RefundOrigin;
  createdAt: Date;
  succeededAt: Date | null;
  creditNoteNo: number | null;
  /** Units refunded per order line id by this refund. */
  lines: ReadonlyArray<{ orderLineId: number; quantity: number }>;
}

/**
 * What the customer is shown of an order's refunds: money on its way back or given back. A refund
 * the provider refused changed nothing for them; the back office keeps showing it.
 */
export const customerVisibleRefunds = (refunds: readonly OrderRefundRow[] | undefined) => (refunds ?? []).filter((r) => r.state !== 'failed');

/**
 * What the order reads: its stored status, or `cancelling` while the refund of its cancel is pending
 * (nothing else changes until that refund succeeds; if it fails, the order reads as before).
 */
export function orderState(o: Pick<OrderRow, 'status'>, refunds: readonly Pick<OrderRefundRow, 'origin' | 'state'>[]): OrderState {
  if (o.status !== 'cancelled' && refunds.some((r) => r.origin === 'cancel' && r.state === 'pending')) return 'cancelling';
  return o.status;
}

/** An order as the account and admin screens read it (spec §3, plus totals, lines and refunds). */
export function toOrderJson(o: OrderRow, lines: readonly OrderLineFields[], refunds: readonly OrderRefundRow[] = []) {
  const refundedUnits = new Map<number, number>();
  for (const r of refunds) {
    if (r.state !== 'succeeded') continue;
    for (const l of r.lines) refundedUnits.set(l.orderLineId, (refundedUnits.get(l.orderLineId) ?? 0) + l.quantity);
  }
  return {
    order_id: o.id,
    status: orderState(o, refunds),
    payment_status: o.paymentStatus,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    email: o.email,
    shipping_info: o.shippingInfo ?? null,
    products: lines.map((l) => ({
      order_line_id: l.id,
      product_id: l.productId,
      name: l.name,
      quantity: l.quantity,
      price: l.unitPriceCents / 100,
      refunded_quantity: refundedUnits.get(l.id) ?? 0,
    })),
    track_num: o.trackNum ?? '',
    track_url: o.trackUrl ?? '',
    carrier: o.carrierCode ?? '',
    carrier_name: o.carrierName ?? '',
    estimate_date: o.estimateDate ?? '',
    subtotal: o.subtotalCents / 100,
    shipping_fee: o.shippingCents / 100,
    discount: o.discountCents / 100,
    total: o.totalCents / 100,
    refunded: o.refundedCents / 100,
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amountCents / 100,
      state: r.state,
      created_at: r.createdAt.toISOString(),
      succeeded_at: r.succeededAt?.toISOString() ?? null,
      credit_note: r.creditNoteNo === null ? null : creditNoteLabel(r.creditNoteNo),
    })),
    currency: o.currency,
  };
}
