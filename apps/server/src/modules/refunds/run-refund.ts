import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { orders, refunds } from '../../db/schema';
import { refundProviderFor } from './refund-providers';
import type { RefundProvider } from './refund-provider';
import { settleRefund } from './settle-refund';

/**
 * Asks the provider to give a pending refund back, outside any transaction, and settles it with the
 * answer. Safe to repeat (a doubled click, reconciliation after a crash): our refund id is the
 * provider's idempotency key, and settling changes a refund once. A provider that cannot be reached
 * throws, and the refund stays pending for reconciliation.
 */
export async function runRefund(ctx: AppContext, refundId: string, provider?: RefundProvider): Promise<void> {
  const [row] = await ctx.db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.state !== 'pending') return;
  const { refund, order } = row;
  const answer = await (provider ?? refundProviderFor(ctx, order)).refund({
    refundId: refund.id,
    order: {
      id: order.id,
      paymentProvider: order.paymentProvider,
      paymentSessionId: order.paymentSessionId,
      paymentIntentId: order.paymentIntentId,
      currency: order.currency,
    },
    amountCents: refund.amountCents,
    reason: refund.reason,
  });
  await settleRefund(ctx, refund, answer.state === 'failed' ? answer : { state: answer.state, providerRefundId: answer.providerRefundId });
}
