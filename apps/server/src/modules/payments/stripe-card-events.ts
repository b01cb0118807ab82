import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { orders, renewalCharges } from '../../db/schema';
import { lockLicenseIfAny } from '../license-changes/lock-license';
import { turnAutoRenew } from '../license-changes/turn-auto-renew';
import { autoRenewOnRefusal, licenseConsentWords, renewalPlanOf } from '../licenses/auto-renew-consent';
import { RENEWAL_CHARGE_METADATA, answerOfIntent } from '../renewals/stripe-card-charges';
import { settleRenewalCharge, type SettleOutcome } from '../renewals/settle-renewal-charge';
import { hashWords } from './card-setup-token';
import { saveCardFromStripe, userOfStripeCustomer } from './stripe-saved-card';

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * A paid Checkout session that saved the card (an order that renews automatically: paid as the
 * buyer's Customer with setup_future_usage) keeps it as the card renewals charge: the
 * PaymentIntent's PaymentMethod, read back from Stripe. Only for the order's own buyer; repeated
 * events save it once (saveStripeCard).
 */
export async function saveCardOfPaidSession(ctx: AppContext, stripe: Stripe, session: Stripe.Checkout.Session, log: FastifyBaseLogger): Promise<void> {
  const customer = idOf(session.customer);
  const intentId = idOf(session.payment_intent);
  const orderId = Number(session.client_reference_id);
  if (!customer || !intentId || !Number.isSafeInteger(orderId)) return;
  const [order] = await ctx.db.select({ userId: orders.userId, renew: orders.renewAutomatically, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
  if (!order?.renew || !order.paidAt) return;
  if ((await userOfStripeCustomer(ctx.db, customer)) !== order.userId) return;
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const paymentMethod = idOf(intent.payment_method);
  if (!paymentMethod) {
    log.warn({ sessionId: session.id, intentId }, 'paid renewing Stripe session has no payment method to save');
    return;
  }
  await saveCardFromStripe(ctx, stripe, log, { userId: order.userId, paymentMethod });
}

/** The consent a setup session carries when it was opened to turn one licence's renewal on. */
interface SetupConsent {
  licenseId: string;
  wordsHash: string;
  language: string;
}

const consentOf = (metadata: Stripe.Metadata | null | undefined): SetupConsent | null =>
  metadata?.license_id && metadata.words_hash && metadata.language ? { licenseId: metadata.license_id, wordsHash: metadata.words_hash, language: metadata.language } : null;

/**
 * Turns the licence's renewal on with the consent the setup session carried, as the local
 * card-setup page does (complete-card-setup.ts): still the holder's, still able to renew, and the
 * words of its plan at its price now hash to the ones agreed to; otherwise the card stays saved
 * and renewal stays off (the holder turns it on again from the account area).
 */
async function turnOnWithConsent(tx: Tx, userId: number, consent: SetupConsent, now: Date, log: FastifyBaseLogger): Promise<void> {
  const license = await lockLicenseIfAny(tx, consent.licenseId, { ownerId: userId });
  if (!license || license.autoRenew) return;
  if (autoRenewOnRefusal(license, now) || (license.type !== 'month' && license.type !== 'year')) return;
  const plan = await renewalPlanOf(tx, license.type);
  const language = 'en' as const;
  const words = plan ? licenseConsentWords(plan, license.type, language) : null;
  if (!plan || !words || hashWords(words) !== consent.wordsHash || consent.language !== language) {
    log.info({ licenseId: license.id }, 'renewal terms changed before the Stripe card setup completed; renewal left off');
    return;
  }
  await turnAutoRenew(tx, license, { actor: 'customer' }, { on: true, words, language, priceCents: plan.priceCents }, now);
}

/**
 * A setup-mode Checkout session completed (checkout.session.completed, mode setup): Stripe's card
 * form saved a card to the customer's Customer through a SetupIntent. It becomes the card in use,
 * the old one detached (here and at Stripe); a session opened to turn a licence's renewal on
 * (metadata license_id, words_hash, language) turns it on in the same transaction.
 */
export async function completeStripeCardSetup(ctx: AppContext, stripe: Stripe, session: Stripe.Checkout.Session, log: FastifyBaseLogger): Promise<void> {
  if (session.status !== 'complete') return;
  const setupIntentId = idOf(session.setup_intent);
  const customer = idOf(session.customer);
  if (!setupIntentId || !customer) return;
  const userId = await userOfStripeCustomer(ctx.db, customer);
  if (!userId || (session.metadata?.user_id && Number(session.metadata.user_id) !== userId)) {
    log.warn({ sessionId: session.id, customer }, 'Stripe setup session belongs to no customer of this shop');
    return;
  }
  const setupIntent = await stripe.setupIntents.retrieve(setupIntentId);
  const paymentMethod = idOf(setupIntent.payment_method);
  if (setupIntent.status !== 'succeeded' || !paymentMethod) return;
  const consent = consentOf(session.metadata);
  await saveCardFromStripe(ctx, stripe, log, {
    userId,
    paymentMethod,
    inTx: consent ? (tx) => turnOnWithConsent(tx, userId, consent, ctx.clock.now(), log) : undefined,
  });
}

/** setup_intent.succeeded: the card is saved (the session's completion, if it comes too, finds it saved). */
export async function saveCardOfSetupIntent(ctx: AppContext, stripe: Stripe, setupIntent: Stripe.SetupIntent, log: FastifyBaseLogger): Promise<void> {
  const customer = idOf(setupIntent.customer);
  const paymentMethod = idOf(setupIntent.payment_method);
  if (setupIntent.status !== 'succeeded' || !customer || !paymentMethod) return;
  const userId = await userOfStripeCustomer(ctx.db, customer);
  if (userId) await saveCardFromStripe(ctx, stripe, log, { userId, paymentMethod });
}

/**
 * payment_intent.succeeded / .payment_failed / .requires_action of an automatic renewal's charge
 * (metadata renewal_charge, the attempt key): settled with that answer through the one path
 * (settleRenewalCharge), which is idempotent: any number of deliveries in any order pay the order
 * once, and a failure arriving after a success changes nothing (only an open attempt is settled
 * as failed). Other PaymentIntents (a Checkout session's) are not renewals: ignored.
 */
export async function settleStripeRenewalEvent(ctx: AppContext, intent: Stripe.PaymentIntent): Promise<SettleOutcome | 'not_a_renewal'> {
  const key = intent.metadata?.[RENEWAL_CHARGE_METADATA];
  if (!key) return 'not_a_renewal';
  const [attempt] = await ctx.db
    .select({ id: renewalCharges.id })
    .from(renewalCharges)
    .where(and(eq(renewalCharges.id, key), eq(renewalCharges.provider, 'stripe')));
  if (!attempt) return 'unknown';
  const answer = answerOfIntent(intent);
  if (!answer) return 'already_settled';
  return settleRenewalCharge(ctx, attempt.id, answer);
}
