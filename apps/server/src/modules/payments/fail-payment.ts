import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { localPaymentSessions, orders } from '../../db/schema';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { createNotification } from '../notifications/create-notification';
import { notifyAdmins } from '../notifications/notify-admins';
import { releasePromotionUse } from '../vouchers/promotion-uses';
import type { PaymentProvider } from './fulfil-order';

export type PaymentEnd =
  /** The provider declined or the async payment failed: the customer is told. */
  | 'failed'
  /** Cancelled on the pay page, expired unpaid, or never reached the provider: nothing to tell. */
  | 'abandoned';

/**
 * An unpaid order whose payment will never complete: it is marked failed (never paid, never
 * charged) and gives back the promotion use it reserved. Only the first report changes anything.
 */
export async function endUnpaidOrder(
  ctx: AppContext,
  target: { provider: PaymentProvider; sessionId: string } | { orderId: number },
  end: PaymentEnd,
  now = new Date(),
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const where =
      'orderId' in target
        ? eq(orders.id, target.orderId)
        : and(eq(orders.paymentSessionId, target.sessionId), eq(orders.paymentProvider, target.provider));
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: 'failed', updatedAt: now })
      .where(and(where, eq(orders.paymentStatus, 'unpaid')))
      .returning();
    if (!order) return false;
    if (order.paymentProvider === 'local' && order.paymentSessionId) {
      await tx
        .update(localPaymentSessions)
        .set({ status: end === 'failed' ? 'failed' : 'cancelled', completedAt: now })
        .where(and(eq(localPaymentSessions.id, order.paymentSessionId), inArray(localPaymentSessions.status, ['open'])));
    }
    if (order.promotionId) await releasePromotionUse(tx, order.promotionId);
    if (end === 'failed') {
      await createNotification(tx, {
        userId: order.userId,
        type: 'payment_failed',
        title: 'Payment failed',
        message: `Your payment of ${formatUsd(fromCents(order.totalCents))} for order #${order.id} did not go through and nothing was charged. Your cart is still saved: please try again or use another payment method.`,
      });
      // Only a declined payment reaches the back office; an abandoned checkout is not news.
      await notifyAdmins(tx, {
        type: 'payment_failed',
        subjectUserId: order.userId,
        title: `Payment failed for order #${order.id} (${order.email}) — ${formatUsd(fromCents(order.totalCents))}`,
        message: `The payment did not go through and nothing was charged${
          order.promotionId ? ' and the promotion use was released' : ''
        }. The customer was told and can try again.`,
      });
    }
    return true;
  });
}
