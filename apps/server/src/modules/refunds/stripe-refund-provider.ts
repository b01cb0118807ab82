import Stripe from 'stripe';
import type { ProviderRefundAnswer, ProviderRefundRequest, RefundProvider } from './refund-provider';

/** Stripe's refund failure_reason, said so the back office can act on it. */
const FAILURE_REASONS: Record<string, string> = {
  lost_or_stolen_card: 'The card was reported lost or stolen, so Stripe could not return the money to it.',
  expired_or_canceled_card: 'The card has expired or was cancelled, so Stripe could not return the money to it.',
  declined: "The card's bank declined the refund.",
  insufficient_funds: 'The Stripe balance was too low to cover the refund.',
  merchant_request: 'The refund was cancelled in Stripe.',
  charge_for_pending_refund_disputed: 'The payment was disputed while the refund was pending.',
  unknown: 'Stripe could not complete the refund.',
};

/** Why Stripe says a refund failed or was cancelled, in words. */
export function stripeRefundFailureText(failureReason: string | null | undefined, status?: string | null): string {
  if (failureReason) return FAILURE_REASONS[failureReason] ?? `Stripe could not complete the refund (${failureReason}).`;
  return status === 'canceled' ? FAILURE_REASONS.merchant_request! : FAILURE_REASONS.unknown!;
}

/** Our state for a Stripe refund status: succeeded, pending (pending, requires_action) or failed (failed, canceled). */
export function refundStateOf(status: string | null | undefined): 'succeeded' | 'pending' | 'failed' {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * An error Stripe answered that means it refused this refund and gave nothing back (amount too
 * large, charge already refunded or disputed, no such PaymentIntent, a declined card): our refund
 * fails. Anything else (the network, Stripe's 5xx, a rate limit, a concurrent request with the
 * same idempotency key, the key reused with other parameters) says nothing about what Stripe did,
 * so it is thrown: the row stays pending and is asked again under the same idempotency key.
 */
function refusedByStripe(err: unknown): err is Stripe.errors.StripeError {
  if (!(err instanceof Stripe.errors.StripeError)) return false;
  const status = err.statusCode;
  if (status === undefined || status < 400 || status >= 500) return false;
  if (status === 409 || status === 429) return false;
  return !(err instanceof Stripe.errors.StripeIdempotencyError);
}

/** Our answer for a Stripe refund object. */
function answerOf(refund: Stripe.Refund): ProviderRefundAnswer {
  const state = refundStateOf(refund.status);
  if (state === 'failed') return { state, providerRefundId: refund.id, failureReason: stripeRefundFailureText(refund.failure_reason, refund.status) };
  return { state, providerRefundId: refund.id };
}

/** The PaymentIntent a Checkout session charged, or null when it has none (nothing was paid). */
async function paymentIntentOfSession(stripe: Stripe, sessionId: string): Promise<string | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

/**
 * Refunds through Stripe's Refunds API (DESIGN §6.2): on the order's PaymentIntent (looked up from
 * its Checkout session when it was not stored at fulfilment), our refund's id as metadata and as
 * the idempotency key (`refund-<id>`), so asking again for the same refund, from a doubled click,
 * a retry or reconciliation, refunds once. The webhooks (refund.*, charge.refunded) find the row
 * again by metadata.refund_id or the refund's `re_…` id. A refund Stripe made already (its `re_…`
 * id known) is retrieved instead: that is how reconciliation learns a pending refund settled.
 */
export function stripeRefundProvider(stripe: Stripe): RefundProvider {
  return {
    async refund(request: ProviderRefundRequest): Promise<ProviderRefundAnswer> {
      const { order } = request;
      let paymentIntentId = order.paymentIntentId;
      let lookedUp: string | undefined;
      try {
        if (request.providerRefundId) {
          // Stripe made it already (a pending refund, or one made in the dashboard): how does it stand?
          // Asking to create it again would replay a stale answer, or once the idempotency key has
          // expired (24 h), or for a dashboard refund (not made under our key), refund twice.
          return answerOf(await stripe.refunds.retrieve(request.providerRefundId));
        }
        if (!paymentIntentId && order.paymentSessionId) {
          paymentIntentId = await paymentIntentOfSession(stripe, order.paymentSessionId);
          lookedUp = paymentIntentId ?? undefined;
        }
        if (!paymentIntentId) {
          return { state: 'failed', providerRefundId: null, failureReason: 'Stripe has no payment for this order to refund.' };
        }
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            amount: request.amountCents,
            metadata: { refund_id: request.refundId, order_id: String(order.id) },
            reason: 'requested_by_customer',
          },
          { idempotencyKey: `refund-${request.refundId}` },
        );
        return { ...answerOf(refund), ...(lookedUp ? { paymentIntentId: lookedUp } : {}) };
      } catch (err) {
        if (refusedByStripe(err)) {
          return {
            state: 'failed',
            providerRefundId: null,
            failureReason: err.message || 'Stripe refused the refund.',
            ...(lookedUp ? { paymentIntentId: lookedUp } : {}),
          };
        }
        throw err;
      }
    },
  };
}
