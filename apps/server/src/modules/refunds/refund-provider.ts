/**
 * The payment provider's side of a refund (DESIGN §6.2): the local provider in embedded mode,
 * Stripe's Refunds API in Stripe mode. Our refund row exists (pending) before this is called; its
 * id is the provider's idempotency key and travels as metadata, so a retry, a doubled click or a
 * second process asks the provider once, and the webhooks find the row again.
 */
export interface ProviderRefundRequest {
  /** Our refund's id (refunds.id): idempotency key and metadata.refund_id. */
  refundId: string;
  order: {
    id: number;
    paymentProvider: 'local' | 'stripe';
    /** Checkout session (Stripe `cs_…`) or the local provider's session id. */
    paymentSessionId: string | null;
    /** Stripe's PaymentIntent, when known (stored at fulfilment; looked up from the session otherwise). */
    paymentIntentId: string | null;
    currency: string;
  };
  amountCents: number;
  reason: string;
  /**
   * The provider's refund id when one is known already (an earlier answer, a webhook, a refund made
   * at the provider): the provider is asked how it stands, never for a new refund.
   */
  providerRefundId?: string | null;
}

export type ProviderRefundAnswer = (
  /** The money went back (or will, and the provider says so later: pending). */
  | { state: 'succeeded' | 'pending'; providerRefundId: string }
  /** Refused: nothing was given back. */
  | { state: 'failed'; providerRefundId: string | null; failureReason: string }
) & {
  /** Stripe's PaymentIntent when the provider had to look it up (order.paymentIntentId was null): the engine stores it. */
  paymentIntentId?: string;
};

export interface RefundProvider {
  refund(request: ProviderRefundRequest): Promise<ProviderRefundAnswer>;
}
