import Stripe from 'stripe';
import { chargeFailureWords } from './charge-failure-words';
import type { RenewalChargeAnswer, RenewalChargeProvider, RenewalChargeRequest } from './renewal-charge-provider';

/** The attempt key (`<order>:<attempt>`) a renewal PaymentIntent carries in its metadata, for its webhooks. */
export const RENEWAL_CHARGE_METADATA = 'renewal_charge';

const failureOf = (code: string | null | undefined): { code: string; message: string } => {
  const known = code ?? 'card_declined';
  return { code: known, message: chargeFailureWords(known) };
};

/**
 * What a renewal's PaymentIntent says, as the engine settles it: succeeded; requires_action (the
 * bank asks its holder, who completes it on session from the account area); requires_payment_method
 * or canceled (declined); null while it is still processing (read back again later).
 */
export function answerOfIntent(intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'last_payment_error'>): RenewalChargeAnswer | null {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', chargeId: intent.id };
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'requires_action', chargeId: intent.id, ...failureOf('authentication_required') };
    case 'processing':
    case 'requires_capture':
      return null;
    default:
      return { status: 'failed', chargeId: intent.id, ...failureOf(intent.last_payment_error?.decline_code === 'insufficient_funds' ? 'insufficient_funds' : intent.last_payment_error?.code) };
  }
}

/**
 * Stripe's side of automatic renewals (DESIGN §6.3, decision 0022): an off-session PaymentIntent on
 * the holder's saved PaymentMethod and Customer, confirmed at once, whose idempotency key is the
 * attempt key, so the engine asking again (a crash, a redelivered job, a second process) gets the
 * first answer and never a second charge. A decline comes back as Stripe's card error carrying the
 * PaymentIntent: `authentication_required` is requires_action (the same PaymentIntent is confirmed
 * on session later), any other code a failure.
 */
export function stripeCardCharges(stripe: Stripe): RenewalChargeProvider {
  return {
    async chargeOffSession(request: RenewalChargeRequest): Promise<RenewalChargeAnswer> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: request.card.providerCustomerId ?? undefined,
            payment_method: request.card.providerRef,
            off_session: true,
            confirm: true,
            metadata: { order_id: String(request.orderId), [RENEWAL_CHARGE_METADATA]: request.key },
          },
          { idempotencyKey: request.key },
        );
      } catch (err) {
        // Stripe refused the request itself (the card detached or deleted in the dashboard, the
        // Customer gone): asking again with the same key gets the same refusal, so it is a failure
        // told to the holder, not an attempt left open. Network errors and 5xx are thrown: the same
        // key is asked again later.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          const intentOfError = (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent ?? err.payment_intent;
          return { status: 'failed', chargeId: intentOfError?.id ?? null, ...failureOf('unknown_card') };
        }
        if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
        const intentOfError = (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent ?? err.payment_intent;
        const code = err.code === 'authentication_required' || intentOfError?.status === 'requires_action' ? 'authentication_required' : err.decline_code === 'insufficient_funds' ? 'insufficient_funds' : (err.code ?? 'card_declined');
        return {
          status: code === 'authentication_required' ? 'requires_action' : 'failed',
          chargeId: intentOfError?.id ?? null,
          ...failureOf(code),
        };
      }
      const answer = answerOfIntent(intent) ?? answerOfIntent(await stripe.paymentIntents.retrieve(intent.id));
      // Still processing: the attempt stays open and the next read-back (same key) settles it.
      if (!answer) throw new Error(`Stripe PaymentIntent ${intent.id} is still processing`);
      return answer;
    },

    async closeOnSession(chargeId: string) {
      const intent = await stripe.paymentIntents.retrieve(chargeId);
      if (intent.status === 'succeeded') return { status: 'succeeded' as const, chargeId };
      if (intent.status === 'canceled') return { status: 'cancelled' as const };
      try {
        await stripe.paymentIntents.cancel(chargeId, {}, { idempotencyKey: `${chargeId}:cancel` });
        return { status: 'cancelled' as const };
      } catch (err) {
        // Paid (or processing) between the read and the cancel: read it back once more.
        const again = answerOfIntent(await stripe.paymentIntents.retrieve(chargeId));
        if (again?.status === 'succeeded') return again;
        throw err;
      }
    },

    async refundCharge(request) {
      await stripe.refunds.create(
        {
          payment_intent: request.chargeId,
          amount: request.amountCents,
          reason: 'duplicate',
          metadata: { order_id: String(request.orderId), [RENEWAL_CHARGE_METADATA]: request.key },
        },
        { idempotencyKey: `${request.key}:refund` },
      );
    },
  };
}
