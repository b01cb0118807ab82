import { eq } from 'drizzle-orm';
import { isAutoRenewableType } from '@lbs/domain/renewals';
import type { TAutoRenewBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { licenses } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { lockLicense } from '../license-changes/lock-license';
import { turnAutoRenew } from '../license-changes/turn-auto-renew';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { CARD_SETUP_TTL_MS, type CardSetupFacts, hashWords, signCardSetup } from '../payments/card-setup-token';
import { startStripeCardSetup } from '../payments/stripe-cards';
import { cardInUse } from '../payments/save-card';
import { abandonRenewalOrder } from '../renewals/abandon-renewal-order';
import { autoRenewOnRefusal, licenseConsentWords, renewalPlanOf } from './auto-renew-consent';
import { licensesJson } from './list-licenses';

export const AUTO_RENEW_MSG = {
  wordsRequired: 'words: the renewal terms you agreed to are needed to turn automatic renewal on',
  wordsDiffer: 'The renewal terms have changed since this page was loaded (the price or the words). Read them again and confirm.',
  planGone: 'This plan is no longer sold, so it cannot renew automatically',
  noCardHere: 'Automatic renewal needs a saved card, and this server cannot save one without a purchase yet. Renew from the cart with “Renew automatically” ticked.',
} as const;

/** The local provider's card-setup page for a signed setup token (registered beside the pay page). */
export const cardSetupPath = (token: string) => `/dev/card-setup/${token}`;

/**
 * PUT /api/licenses/:id/auto-renew, the holder's own choice (DESIGN §6.3). Another customer's or an
 * unknown licence is a 404. Off takes effect at once and never shortens the paid term: an open
 * automatic renewal order is given up (a charge still in flight that succeeds is refunded by
 * fulfilment). On needs the consent words for the licence's plan at its price now (409 when they
 * differ) and a saved card: with one it is on at once; without, nothing changes yet and the answer
 * carries `setup_url`, a page that saves a card and then turns renewal on with this consent: on
 * Stripe, Stripe's card form (a setup-mode Checkout session), else the local card-setup page.
 */
export async function changeOwnAutoRenew(ctx: AppContext, userId: number, licenseId: string, body: TAutoRenewBody) {
  const now = ctx.clock.now();
  const needsCard = await ctx.db.transaction(async (tx): Promise<LicenseCardSetup | null> => {
    const license = await lockLicense(tx, licenseId, { ownerId: userId });
    if (!body.auto_renew) {
      await abandonRenewalOrder(tx, { licenseId: license.id, reason: 'automatic renewal turned off', now });
      if (license.autoRenew) await turnAutoRenew(tx, license, { actor: 'customer' }, { on: false, reason: 'turned off by its holder' }, now);
      return null;
    }
    if (license.autoRenew) return null;
    const refusal = autoRenewOnRefusal(license, now);
    if (refusal || !isAutoRenewableType(license.type)) throw conflict(refusal);
    if (body.words === undefined) throw badRequest(AUTO_RENEW_MSG.wordsRequired);
    const language = body.language ?? 'en';
    const plan = await renewalPlanOf(tx, license.type);
    if (!plan) throw conflict(AUTO_RENEW_MSG.planGone);
    const words = licenseConsentWords(plan, license.type, language);
    if (body.words !== words) throw conflict(AUTO_RENEW_MSG.wordsDiffer);
    if (await cardInUse(tx, userId)) {
      await turnAutoRenew(tx, license, { actor: 'customer' }, { on: true, words, language, priceCents: plan.priceCents }, now);
      return null;
    }
    return { userId, licenseId: license.id, wordsHash: hashWords(words), language, expiresAt: now.getTime() + CARD_SETUP_TTL_MS };
  });
  const setupUrl = needsCard ? await cardSetupUrl(ctx, needsCard) : null;
  const [row] = await ctx.db.select().from(licenses).where(eq(licenses.id, licenseId));
  const [license] = await licensesJson(ctx.db, [row!], now);
  return { license: license!, setup_url: setupUrl };
}

/** A card-setup link's facts when it turns one licence's renewal on (a Settings link carries none). */
type LicenseCardSetup = CardSetupFacts & { licenseId: string };

/**
 * Where the holder saves a card that turns this renewal on: with Stripe, Stripe's own card form (a
 * setup-mode Checkout session carrying the consent, decision 0022); else the local provider's
 * signed card-setup page (development only).
 */
async function cardSetupUrl(ctx: AppContext, facts: LicenseCardSetup): Promise<string> {
  const stripe = stripeClient(ctx.config);
  if (stripe) {
    const { url } = await startStripeCardSetup(ctx, stripe, facts.userId, '/accounts/overview', { licenseId: facts.licenseId, wordsHash: facts.wordsHash, language: facts.language });
    return url;
  }
  if (!ctx.config.devTools) throw conflict(AUTO_RENEW_MSG.noCardHere);
  return `${ctx.config.publicUrl}${cardSetupPath(await signCardSetup(ctx.db, facts))}`;
}
