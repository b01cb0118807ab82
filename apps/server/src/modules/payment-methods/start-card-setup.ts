import type { AppContext } from '../../app-context';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { conflict } from '../../lib/app-error';
import { cardSetupPath } from '../licenses/change-own-auto-renew';
import { CARD_SETUP_TTL_MS, signCardSetup } from '../payments/card-setup-token';
import { startStripeCardSetup } from '../payments/stripe-cards';
import { PAYMENT_METHOD_PAGE } from './payment-method-page';

export const CARD_SETUP_MSG = {
  noProvider: 'A card cannot be saved on this server: no payment provider is configured.',
} as const;

/**
 * POST /api/payment-methods/setup (decision 0022): where the caller replaces (or adds) the card
 * their renewals charge. With Stripe, its own card form (a Checkout session in setup mode, whose
 * completion saves the card and detaches the old); on the embedded provider, a signed card-setup
 * link without a licence, whose page only saves the card as the one in use.
 */
export async function startCardSetup(ctx: AppContext, userId: number): Promise<{ url: string }> {
  const stripe = stripeClient(ctx.config);
  if (stripe) return startStripeCardSetup(ctx, stripe, userId, PAYMENT_METHOD_PAGE);
  if (!ctx.config.devTools) throw conflict(CARD_SETUP_MSG.noProvider);
  const token = await signCardSetup(ctx.db, {
    userId,
    licenseId: null,
    wordsHash: '',
    language: 'en',
    expiresAt: ctx.clock.now().getTime() + CARD_SETUP_TTL_MS,
  });
  return { url: `${ctx.config.publicUrl}${cardSetupPath(token)}` };
}
