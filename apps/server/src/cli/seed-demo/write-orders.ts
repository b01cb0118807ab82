import { FIRST_INVOICE_NO } from '../../modules/invoices/issue-invoice';
import { iso, isoOrNull } from './clock';
import type { DemoOrder } from './orders';
import { insertRows, type RawSql } from './raw-sql';

/** The orders as checkout and fulfilment write them: the order, its lines, its payment session and the fulfilment event. */
export async function writeOrders(tx: RawSql, orders: readonly DemoOrder[], paid: readonly DemoOrder[]): Promise<void> {
  await insertRows(tx, 'orders', [
    ['id', 'int'], ['user_id', 'int'], ['email', 'text'], ['status', 'text'], ['payment_status', 'text'], ['needs_shipping', 'boolean'],
    ['shipping_info', 'jsonb'], ['subtotal_cents', 'int'], ['shipping_cents', 'int'], ['discount_cents', 'int'], ['total_cents', 'int'],
    ['currency', 'text'], ['promotion_id', 'uuid'], ['promo_code', 'text'], ['payment_provider', 'text'], ['payment_session_id', 'text'],
    ['paid_at', 'timestamptz'], ['track_num', 'text'], ['track_url', 'text'], ['carrier_name', 'text'], ['estimate_date', 'text'],
    ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'], ['refunded_cents', 'int'], ['cancelled_at', 'timestamptz'], ['cancel_reason', 'text'],
  ], orders, (o) => [
    o.id, o.user.id, o.user.email, o.status, o.paymentStatus, o.needsShipping,
    o.shippingInfo ? JSON.stringify(o.shippingInfo) : null, o.subtotalCents, o.shippingCents, o.discountCents, o.totalCents,
    'usd', o.promotion?.id ?? null, o.promotion?.code ?? null, 'local', o.sessionId,
    o.paidAt === null ? null : iso(o.paidAt), o.tracking?.trackNum ?? null, o.tracking?.trackUrl ?? null, o.tracking?.carrier ?? null, o.tracking?.estimateDate ?? null,
    iso(o.createdAt), iso(o.updatedAt), o.refundedCents, isoOrNull(o.cancelledAt), o.cancelReason,
  ]);
  await insertRows(tx, 'order_lines', [
    ['order_id', 'int'], ['product_id', 'int'], ['name', 'text'], ['unit_price_cents', 'int'], ['quantity', 'int'], ['line_total_cents', 'int'],
  ], orders.flatMap((o) => o.lines.map((l) => ({ o, l }))), ({ o, l }) => [o.id, l.product.id, l.product.name, l.unitPriceCents, l.quantity, l.unitPriceCents * l.quantity]);
  await insertRows(tx, 'local_payment_sessions', [
    ['id', 'text'], ['order_id', 'int'], ['amount_cents', 'int'], ['currency', 'text'], ['status', 'text'], ['created_at', 'timestamptz'], ['completed_at', 'timestamptz'],
    ['refunded_cents', 'int'],
  ], orders, (o) => [o.sessionId, o.id, o.totalCents, 'usd', o.paidAt !== null ? 'paid' : o.declined ? 'failed' : 'cancelled', iso(o.createdAt), iso(o.settledAt), o.refundedCents]);
  await insertRows(tx, 'payment_events', [['id', 'text'], ['provider', 'text'], ['type', 'text'], ['received_at', 'timestamptz']],
    paid, (o) => [`fulfil:local:${o.sessionId}`, 'local', 'fulfilment', iso(o.paidAt!)]);
}

/** What an invoice copies from its paid order (a checkout order or an automatic renewal's). */
export type InvoicedOrder = Pick<DemoOrder, 'id' | 'subtotalCents' | 'shippingCents' | 'discountCents' | 'totalCents'> & {
  user: { id: number; email: string };
  paidAt: number | null;
};

/** An invoice per paid order, in order of payment, numbered from the `invoice_no` counter; returns the first and last number. */
export async function writeInvoices(tx: RawSql, paid: readonly InvoicedOrder[]): Promise<{ first: number | null; last: number | null }> {
  if (paid.length === 0) return { first: null, last: null };
  // Takes the next paid.length numbers in one statement; the row stays locked until commit.
  const [reserved] = await tx.query<{ value: string | number }>(
    `insert into counters (name, value) values ('invoice_no', $1::bigint)
     on conflict (name) do update set value = counters.value + $2::bigint returning value`,
    [FIRST_INVOICE_NO + paid.length - 1, paid.length],
  );
  const last = Number(reserved!.value);
  const first = last - paid.length + 1;
  await insertRows(tx, 'invoices', [
    ['invoice_no', 'int'], ['order_id', 'int'], ['user_id', 'int'], ['email', 'text'], ['subtotal_cents', 'int'], ['shipping_cents', 'int'],
    ['discount_cents', 'int'], ['total_cents', 'int'], ['currency', 'text'], ['paid_at', 'timestamptz'], ['created_at', 'timestamptz'],
  ], paid, (o, i) => [
    first + i, o.id, o.user.id, o.user.email, o.subtotalCents, o.shippingCents, o.discountCents, o.totalCents, 'usd', iso(o.paidAt!), iso(o.paidAt!),
  ]);
  return { first, last };
}
