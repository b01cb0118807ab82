import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TCardRemovedAnswer } from '@lbs/domain/payment-cards';
import type { AppContext } from '../../app-context';
import { paymentMethods, users } from '../../db/schema';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { notFound } from '../../lib/app-error';
import { turnAutoRenew } from '../license-changes/turn-auto-renew';
import { detachStripeCard } from '../payments/stripe-cards';
import { cardInUse } from '../payments/save-card';
import { abandonRenewalOrder } from '../renewals/abandon-renewal-order';
import { renewingLicenseJson, renewingLicensesOf } from './renewing-licenses';
import { tellCardRemoved } from './tell-card-removed';

export const REMOVE_CARD_MSG = { noCard: 'You have no saved card.' } as const;

/** The reason a renewal_choices row gives when removing the card turned a licence's renewal off. */
export const CARD_REMOVED_REASON = 'card removed';

/**
 * DELETE /api/payment-methods/current (decision 0022): in one transaction, the caller's card in use
 * is detached and automatic renewal turns off for every licence that would have charged it, each as
 * its holder's own Turn off (an open renewal order given up, a renewal_choices row, actor customer,
 * reason "card removed"), and the holder is told once, naming them. A Stripe card is then detached
 * at Stripe too, after the commit (no lock held across a call to the provider): if that call fails
 * the card is already out of use here, so it is logged, not answered as a failure.
 */
export async function removeCard(ctx: AppContext, userId: number, log?: FastifyBaseLogger): Promise<TCardRemovedAnswer> {
  const now = ctx.clock.now();
  const { card, stopped } = await ctx.db.transaction(async (tx) => {
    // The same lock a card save takes: a save and a removal at once happen one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const card = await cardInUse(tx, userId);
    if (!card) throw notFound(REMOVE_CARD_MSG.noCard);
    await tx.update(paymentMethods).set({ detachedAt: now }).where(eq(paymentMethods.id, card.id));
    const renewing = await renewingLicensesOf(tx, userId, { forUpdate: true });
    for (const license of renewing) {
      await abandonRenewalOrder(tx, { licenseId: license.id, reason: 'automatic renewal turned off', now });
      await turnAutoRenew(tx, license, { actor: 'customer' }, { on: false, reason: CARD_REMOVED_REASON }, now);
    }
    const stopped = renewing.map(renewingLicenseJson);
    await tellCardRemoved(tx, userId, { card, stopped });
    return { card, stopped };
  });
  const stripe = card.provider === 'stripe' ? stripeClient(ctx.config) : null;
  if (stripe) {
    await detachStripeCard(stripe, card).catch((err: unknown) =>
      log?.warn({ err, paymentMethodId: card.id }, 'the removed card could not be detached at Stripe; it is no longer used here'),
    );
  }
  return { renewal_stopped: stopped };
}
