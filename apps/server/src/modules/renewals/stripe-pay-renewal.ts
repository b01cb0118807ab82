import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { MSG } from '@lbs/domain/messages';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { licenses, orders, paymentMethods, renewalCharges } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { openRenewalAttempt } from './open-renewal-attempt';
import { RENEWAL_CHARGE_UNDER_WAY, RENEWAL_NOTHING_DUE } from './pay-renewal-now';
import { settleRenewalCharge, type SettleOutcome } from './settle-renewal-charge';
import { RENEWAL_CHARGE_METADATA, answerOfIntent } from './stripe-card-charges';

/** What the account area needs to confirm a renewal's PaymentIntent with Stripe.js, on session. */
export interface StripeOnSessionPayment {
  client_secret: string;
  publishable_key: string;
  payment_intent: string;
}

export const STRIPE_PAY_MSG = {
  noCard: 'There is no saved card to pay with: add one in Settings, then pay.',
  noKey: 'Paying on this page is not available on this server: contact us.',
  notCompleted: 'That payment was not completed. Press Pay now again to pay with your saved card.',
} as const;

type OrderRow = typeof orders.$inferSelect;

/**
 * Pay now on Stripe (decision 0022), in the order's locked transaction: the PaymentIntent the
 * holder confirms with Stripe.js. When the last attempt asked for authentication, it is that same
 * PaymentIntent (the bank's question is answered on it); otherwise a new on-session attempt is
 * written (open), whose PaymentIntent is made after commit on the saved card, unconfirmed.
 * Answers the attempt to make a PaymentIntent for, or the one to answer.
 */
export async function stripePayStep(tx: Tx, order: OrderRow, now: Date): Promise<{ existing: string } | { make: typeof renewalCharges.$inferSelect; card: typeof paymentMethods.$inferSelect }> {
  const [last] = await tx.select().from(renewalCharges).where(eq(renewalCharges.orderId, order.id)).orderBy(desc(renewalCharges.attempt)).limit(1);
  const [card] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, order.userId), isNull(paymentMethods.detachedAt), eq(paymentMethods.provider, 'stripe')));
  const waiting = last?.provider === 'stripe' && last.providerChargeId && (last.status === 'requires_action' || (last.status === 'open' && last.onSession));
  // The card it was made on still the one in use: that PaymentIntent is the one to confirm.
  if (waiting && last.paymentMethodId === card?.id) return { existing: last.providerChargeId! };
  if (waiting) {
    // Replaced since: that PaymentIntent is on a detached card; it is given up for a new one.
    await tx.update(renewalCharges).set({ status: 'cancelled', settledAt: now }).where(and(eq(renewalCharges.id, last.id), eq(renewalCharges.status, last.status)));
  } else if (last?.status === 'open') throw conflict(RENEWAL_CHARGE_UNDER_WAY);
  if (!card) throw conflict(STRIPE_PAY_MSG.noCard);
  const attempt = await openRenewalAttempt(tx, order, last, { provider: 'stripe', paymentMethodId: card.id, onSession: true }, now);
  return { make: attempt, card };
}

/** After commit: the PaymentIntent of the step, made if needed (idempotent on the attempt key), answered for Stripe.js. */
export async function stripeOnSessionPayment(ctx: AppContext, stripe: Stripe, step: Awaited<ReturnType<typeof stripePayStep>>): Promise<StripeOnSessionPayment> {
  const publishableKey = ctx.config.STRIPE_PUBLISHABLE_KEY;
  if (!publishableKey) throw new AppError('unavailable', STRIPE_PAY_MSG.noKey);
  let intent: Stripe.PaymentIntent;
  if ('existing' in step) {
    intent = await stripe.paymentIntents.retrieve(step.existing);
    if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
      // The bank's check failed (or it was cancelled): Stripe.js cannot confirm it again on the saved
      // card. The attempt ends failed, so the next Pay now makes a new one.
      await ctx.db
        .update(renewalCharges)
        .set({ status: 'failed', failureCode: 'authentication_failed', failureMessage: STRIPE_PAY_MSG.notCompleted, settledAt: ctx.clock.now() })
        .where(and(eq(renewalCharges.providerChargeId, intent.id), inArray(renewalCharges.status, ['open', 'requires_action'])));
      throw conflict(STRIPE_PAY_MSG.notCompleted);
    }
  } else {
    intent = await stripe.paymentIntents.create(
      {
        amount: step.make.amountCents,
        currency: 'usd',
        customer: step.card.providerCustomerId ?? undefined,
        payment_method: step.card.providerRef,
        metadata: { order_id: String(step.make.orderId), [RENEWAL_CHARGE_METADATA]: step.make.id },
      },
      { idempotencyKey: step.make.id },
    );
    await ctx.db
      .update(renewalCharges)
      .set({ providerChargeId: intent.id })
      .where(and(eq(renewalCharges.id, step.make.id), isNull(renewalCharges.providerChargeId)));
  }
  if (intent.status === 'succeeded') {
    await settleFromIntent(ctx, intent);
    throw conflict(RENEWAL_NOTHING_DUE);
  }
  if (!intent.client_secret) throw new Error(`Stripe PaymentIntent ${intent.id} came back without a client secret`);
  return { client_secret: intent.client_secret, publishable_key: publishableKey, payment_intent: intent.id };
}

async function settleFromIntent(ctx: AppContext, intent: Stripe.PaymentIntent): Promise<SettleOutcome | 'pending'> {
  const key = intent.metadata?.[RENEWAL_CHARGE_METADATA];
  const answer = answerOfIntent(intent);
  if (!key || !answer) return 'pending';
  // Still waiting for its holder: nothing to settle yet (a failure would tell them again).
  if (answer.status === 'requires_action') return 'pending';
  return settleRenewalCharge(ctx, key, answer);
}

/**
 * POST /api/licenses/:id/renewal/confirmed: the account area confirmed the renewal's PaymentIntent
 * with Stripe.js; it is read back from Stripe (never taken from the page) and settled at once, so
 * the page shows the licence renewed (the webhook settles it too, harmlessly). Only a
 * PaymentIntent of this holder's licence's renewal order is read (404 otherwise).
 */
export async function confirmStripeRenewal(ctx: AppContext, stripe: Stripe | null, userId: number, licenseId: string, paymentIntent: string): Promise<{ status: 'paid' | 'pending' | 'failed' }> {
  const [attempt] = await ctx.db
    .select({ id: renewalCharges.id, orderId: renewalCharges.orderId })
    .from(renewalCharges)
    .innerJoin(orders, eq(orders.id, renewalCharges.orderId))
    .innerJoin(licenses, eq(licenses.id, orders.renewalLicenseId))
    .where(and(eq(renewalCharges.providerChargeId, paymentIntent), eq(renewalCharges.provider, 'stripe'), eq(licenses.id, licenseId), eq(licenses.userId, userId)));
  if (!attempt || !stripe) throw notFound(MSG.licenseNotFound);
  const intent = await stripe.paymentIntents.retrieve(paymentIntent);
  const outcome = await settleFromIntent(ctx, intent);
  const [order] = await ctx.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, attempt.orderId));
  if (order?.paidAt) return { status: 'paid' };
  return { status: outcome === 'pending' ? 'pending' : 'failed' };
}
