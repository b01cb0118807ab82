import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import type { PaymentMethodRow } from './save-card';

/**
 * The customer's Stripe Customer (decision 0022): made once, on the first checkout or card setup
 * that saves a card, and reused ever after. The idempotency key is the user's, so two requests at
 * once make one Customer; the conditional update keeps the first id stored.
 */
export async function ensureStripeCustomer(ctx: AppContext, stripe: Stripe, userId: number): Promise<string> {
  const [user] = await ctx.db.select({ email: users.email, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no user ${userId}`);
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create({ email: user.email, metadata: { user_id: String(userId) } }, { idempotencyKey: `user-${userId}-customer` });
  // Only if still unset: a racing request stored the same Customer (same idempotency key).
  await ctx.db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  return customer.id;
}

/** The consent a card setup carries when it turns a licence's renewal on. */
export interface StripeSetupConsent {
  licenseId: string;
  wordsHash: string;
  language: string;
}

/**
 * Starts replacing (or adding) the customer's saved card on Stripe's own card form: a Checkout
 * session in setup mode for their Customer. Its completion (checkout.session.completed, mode
 * setup) saves the new card as the one renewals use and detaches the old one.
 */
export async function startStripeCardSetup(
  ctx: AppContext,
  stripe: Stripe,
  userId: number,
  returnPath = '/accounts/settings',
  consent?: StripeSetupConsent,
): Promise<{ url: string }> {
  const customer = await ensureStripeCustomer(ctx, stripe, userId);
  // A setup opened to turn one licence's renewal on carries its consent (the words' hash, as the
  // local card-setup link does); its completion turns renewal on (stripe-card-events.ts).
  const metadata: Record<string, string> = consent
    ? { user_id: String(userId), purpose: 'auto_renew', license_id: consent.licenseId, words_hash: consent.wordsHash, language: consent.language }
    : { user_id: String(userId), purpose: 'replace_card' };
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'usd',
    payment_method_types: ['card'],
    setup_intent_data: { metadata },
    metadata,
    success_url: `${ctx.config.publicUrl}${returnPath}?card=saved`,
    cancel_url: `${ctx.config.publicUrl}${returnPath}`,
  });
  if (!session.url) throw new Error(`Stripe setup session ${session.id} came back without a url`);
  return { url: session.url };
}

/** Detaches a saved card at Stripe (it can no longer be charged); one already detached is fine. */
export async function detachStripeCard(stripe: Stripe, card: Pick<PaymentMethodRow, 'provider' | 'providerRef'>): Promise<void> {
  if (card.provider !== 'stripe') return;
  try {
    await stripe.paymentMethods.detach(card.providerRef);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'resource_missing' || code === 'payment_method_unexpected_state') return;
    throw err;
  }
}
