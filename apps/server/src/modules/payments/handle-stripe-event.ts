import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { handleStripeRefundEvent } from '../refunds/stripe-refund-events';
import { endUnpaidOrder } from './fail-payment';
import { fulfilOrder, type FulfilResult } from './fulfil-order';
import { completeStripeCardSetup, saveCardOfPaidSession, saveCardOfSetupIntent, settleStripeRenewalEvent } from './stripe-card-events';

/** A session that Stripe reports as paid (or needing no payment) is fulfilled. */
export function sessionIsPaid(session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>): boolean {
  return session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
}

export function fulfilStripeSession(ctx: AppContext, session: Stripe.Checkout.Session, event?: Stripe.Event): Promise<FulfilResult> {
  const reference = Number(session.client_reference_id);
  return fulfilOrder(ctx, {
    provider: 'stripe',
    sessionId: session.id,
    eventId: event?.id,
    eventType: event?.type,
    amountCents: session.amount_total,
    currency: session.currency,
    orderId: Number.isSafeInteger(reference) && reference > 0 ? reference : null,
    paymentIntentId: paymentIntentOf(session),
  });
}

/** The PaymentIntent a Checkout session charged (an id, or the object when expanded), null before it completes. */
export function paymentIntentOf(session: Pick<Stripe.Checkout.Session, 'payment_intent'>): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

/**
 * What a verified Stripe event does. Card payments arrive as checkout.session.completed with
 * payment_status 'paid'; delayed methods complete 'unpaid' and follow with
 * async_payment_succeeded or _failed. Refunds (ours, or made in the dashboard) arrive as
 * charge.refunded and refund.created / .updated / .failed. Saved cards and automatic renewals
 * (decision 0022): a setup-mode session completed (or its setup_intent.succeeded) saves the card;
 * a paid session of an order that renews saves the card it paid with; payment_intent.succeeded /
 * .payment_failed / .requires_action of a renewal's charge settle its attempt. Other event types
 * are acknowledged and ignored.
 */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event, log: FastifyBaseLogger): Promise<void> {
  const stripe = stripeClient(ctx.config);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode === 'setup') {
        if (stripe) await completeStripeCardSetup(ctx, stripe, session, log);
        return;
      }
      if (!sessionIsPaid(session)) return;
      const result = await fulfilStripeSession(ctx, session, event);
      if (stripe && (result.status === 'fulfilled' || result.status === 'already_fulfilled')) await saveCardOfPaidSession(ctx, stripe, session, log);
      if (result.status === 'unknown_session') log.warn({ sessionId: session.id, eventId: event.id }, 'paid Stripe session matches no order');
      if (result.status === 'amount_mismatch') {
        log.error({ sessionId: session.id, orderId: result.orderId, amount: session.amount_total }, 'Stripe charged an amount that differs from the order; not fulfilled');
      }
      return;
    }
    case 'checkout.session.async_payment_failed':
      await endUnpaidOrder(ctx, { provider: 'stripe', sessionId: event.data.object.id }, 'failed');
      return;
    case 'checkout.session.expired':
      await endUnpaidOrder(ctx, { provider: 'stripe', sessionId: event.data.object.id }, 'abandoned');
      return;
    case 'charge.refunded':
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      await handleStripeRefundEvent(ctx, event, log);
      return;
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action': {
      const outcome = await settleStripeRenewalEvent(ctx, event.data.object);
      if (outcome === 'unknown') log.warn({ eventId: event.id, intentId: event.data.object.id }, 'renewal PaymentIntent matches no attempt');
      return;
    }
    case 'setup_intent.succeeded':
      if (stripe) await saveCardOfSetupIntent(ctx, stripe, event.data.object, log);
      return;
    default:
      return;
  }
}
