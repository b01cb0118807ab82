import type Stripe from 'stripe';
import type { ProviderRefundAnswer, ProviderRefundRequest, RefundProvider } from './refund-provider';

/**
 * Stripe's Refunds API (minimal; the Stripe side of issue 23 replaces it): one refund per our
 * refund id (the idempotency key), on the order's PaymentIntent, our ids in its metadata so the
 * refund webhooks find the row.
 */
export function stripeRefundProvider(stripe: Stripe): RefundProvider {
  return {
    async refund(request: ProviderRefundRequest): Promise<ProviderRefundAnswer> {
      let paymentIntent = request.order.paymentIntentId;
      if (!paymentIntent && request.order.paymentSessionId) {
        const session = await stripe.checkout.sessions.retrieve(request.order.paymentSessionId);
        paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      }
      if (!paymentIntent) return { state: 'failed', providerRefundId: null, failureReason: 'No payment to refund on this order.' };
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: request.amountCents,
            metadata: { refund_id: request.refundId, order_id: String(request.order.id) },
            reason: 'requested_by_customer',
          },
          { idempotencyKey: `refund-${request.refundId}` },
        );
        if (refund.status === 'succeeded') return { state: 'succeeded', providerRefundId: refund.id };
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return { state: 'failed', providerRefundId: refund.id, failureReason: refund.failure_reason ?? refund.status };
        }
        return { state: 'pending', providerRefundId: refund.id };
      } catch (err) {
        // Stripe said no (card errors, invalid requests): a refused refund. Network errors rethrow:
        // the refund stays pending and reconciliation asks again with the same idempotency key.
        const e = err as { type?: string; message?: string };
        if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') {
          return { state: 'failed', providerRefundId: null, failureReason: e.message ?? 'Refused by Stripe' };
        }
        throw err;
      }
    },
  };
}
