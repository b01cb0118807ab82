import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { type PaymentMethodRow, type StripeCardFacts, saveStripeCard } from './save-card';
import { detachStripeCard } from './stripe-cards';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/**
 * The card a PaymentMethod is, as payment_methods keeps it (brand as the house writes it, last
 * four, expiry), and the Customer it is attached to; null for one that is not a card or is attached
 * to no Customer (it could not be charged off session).
 */
export async function stripeCardFacts(stripe: Stripe, paymentMethod: string): Promise<StripeCardFacts | null> {
  const pm = await stripe.paymentMethods.retrieve(paymentMethod);
  const customer = idOf(pm.customer);
  if (!pm.card || !customer) return null;
  return {
    providerRef: pm.id,
    providerCustomerId: customer,
    brand: BRANDS[pm.card.brand] ?? pm.card.brand.charAt(0).toUpperCase() + pm.card.brand.slice(1),
    last4: pm.card.last4,
    expMonth: pm.card.exp_month ?? null,
    expYear: pm.card.exp_year ?? null,
  };
}

/** The shop's customer a Stripe Customer belongs to (users.stripe_customer_id), if any. */
export async function userOfStripeCustomer(db: Pick<Tx, 'select'>, customer: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customer));
  return user?.id;
}

/**
 * Saves a Stripe PaymentMethod as the customer's card in use, in `inTx` with whatever else must
 * happen with it (turning a renewal on), then detaches the card it replaced at Stripe too (best
 * effort after commit: a card detached here is never charged again either way). Answers the saved
 * row, or null when the PaymentMethod is not a card of this customer's Stripe Customer.
 */
export async function saveCardFromStripe(
  ctx: AppContext,
  stripe: Stripe,
  log: FastifyBaseLogger,
  opts: { userId: number; paymentMethod: string; inTx?: (tx: Tx, card: PaymentMethodRow) => Promise<void> },
): Promise<PaymentMethodRow | null> {
  const facts = await stripeCardFacts(stripe, opts.paymentMethod);
  if (!facts) {
    log.warn({ paymentMethod: opts.paymentMethod, userId: opts.userId }, 'Stripe payment method is not a card attached to a Customer; not saved');
    return null;
  }
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const owner = await userOfStripeCustomer(tx, facts.providerCustomerId);
    if (owner !== opts.userId) return null;
    const saved = await saveStripeCard(tx, opts.userId, facts, now);
    await opts.inTx?.(tx, saved.saved);
    return saved;
  });
  if (!result) {
    log.warn({ paymentMethod: opts.paymentMethod, userId: opts.userId, customer: facts.providerCustomerId }, 'Stripe card belongs to another Customer; not saved');
    return null;
  }
  if (result.replaced) {
    await detachStripeCard(stripe, result.replaced).catch((err: unknown) =>
      log.warn({ err, paymentMethod: result.replaced!.providerRef }, 'replaced card could not be detached at Stripe; it is no longer used here'),
    );
  }
  return result.saved;
}
