import { eq } from 'drizzle-orm';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { remainingLines } from '@lbs/domain/refunds';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { notifyAdmins } from '../notifications/notify-admins';
import { recordRefund } from './record-refund';
import { allocateOrRefuse, refundableOrder } from './refundable-order';

/**
 * A payment for an order cancelled meanwhile (its checkout could not be expired in time), inside the
 * fulfilment transaction that claimed it: the order is marked paid (the money did come in) but
 * delivers nothing and sends no receipt; a full refund is written (origin late_payment) for the
 * caller to run after commit, and the admins are told.
 */
export async function payAfterCancel(
  tx: Tx,
  order: typeof orders.$inferSelect,
  payment: { sessionId: string; paymentIntentId?: string | null },
  now: Date,
): Promise<{ status: 'paid_after_cancel'; orderId: number; refundId: string }> {
  // The PaymentIntent is what a Stripe refund is made on: a renewal's charge is one (its id is the
  // session id here, which is no Checkout session to look it up from).
  const [paid] = await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      paidAt: now,
      paymentSessionId: payment.sessionId,
      ...(payment.paymentIntentId ? { paymentIntentId: payment.paymentIntentId } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  const refundable = await refundableOrder(tx, paid!);
  const refundId = crypto.randomUUID();
  await recordRefund(tx, paid!, {
    id: refundId,
    kind: 'lines',
    reason: `Paid after the order was cancelled${order.cancelReason ? ` (${order.cancelReason})` : ''}`,
    origin: 'late_payment',
    allocation: allocateOrRefuse(refundable, { lines: remainingLines(refundable) }),
    actor: null,
  });
  await notifyAdmins(tx, {
    type: 'payment_failed',
    subjectUserId: order.userId,
    title: `Order #${order.id} was paid after it was cancelled; the payment was refunded automatically`,
    message: `${formatUsd(fromCents(order.totalCents))} from ${order.email} came in after the cancel; nothing was delivered and the full amount is being refunded.`,
  });
  return { status: 'paid_after_cancel', orderId: order.id, refundId };
}
