import { and, eq } from 'drizzle-orm';
import type { TestCard } from '@lbs/domain/test-cards';
import type { AppContext } from '../../app-context';
import { licenses } from '../../db/schema';
import { lockLicenseIfAny } from '../license-changes/lock-license';
import { turnAutoRenew } from '../license-changes/turn-auto-renew';
import { autoRenewOnRefusal, licenseConsentWords, renewalPlanOf } from '../licenses/auto-renew-consent';
import { type CardSetupFacts, hashWords } from './card-setup-token';
import { saveLocalCard } from './save-card';

export type CardSetupOutcome = { status: 'on' | 'already_on' | 'saved' } | { status: 'refused'; why: string; notFound?: boolean };

export const CARD_SETUP_MSG = {
  notYours: 'This link does not belong to one of your licenses.',
  termsChanged: 'The renewal price or terms changed since you asked. Turn automatic renewal on again from your account.',
} as const;

/**
 * The local card-setup page's Save (DESIGN §6.3): in one transaction, saves the test card as the
 * holder's card in use (no charge) and turns the licence's automatic renewal on with the consent the
 * signed link carries. The link's facts are checked again against the licence now: still its
 * holder's, still able to renew, and the words of its plan at its price now are the ones agreed to.
 */
export async function completeCardSetup(ctx: AppContext, facts: CardSetupFacts, card: TestCard): Promise<CardSetupOutcome> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx): Promise<CardSetupOutcome> => {
    // A link without a licence (Settings' Replace or Add a card) only saves the card in use; the
    // old one is detached, and renewals already on charge the new one from their next charge.
    if (facts.licenseId === null) {
      await saveLocalCard(tx, facts.userId, card, now);
      return { status: 'saved' };
    }
    const license = await lockLicenseIfAny(tx, facts.licenseId, { ownerId: facts.userId });
    if (!license) return { status: 'refused', why: CARD_SETUP_MSG.notYours, notFound: true };
    if (license.autoRenew) return { status: 'already_on' };
    const refusal = autoRenewOnRefusal(license, now);
    if (refusal) return { status: 'refused', why: refusal };
    const type = license.type as 'month' | 'year';
    const plan = await renewalPlanOf(tx, type);
    const language = 'en' as const;
    const words = plan ? licenseConsentWords(plan, type, language) : null;
    if (!plan || !words || hashWords(words) !== facts.wordsHash || facts.language !== language) {
      return { status: 'refused', why: CARD_SETUP_MSG.termsChanged };
    }
    await saveLocalCard(tx, facts.userId, card, now);
    await turnAutoRenew(tx, license, { actor: 'customer' }, { on: true, words, language, priceCents: plan.priceCents }, now);
    return { status: 'on' };
  });
}

/** What a setup link is about, for its page to show: a licence and its plan, or only the card (undefined: not the holder's). */
export async function cardSetupSubject(ctx: AppContext, facts: CardSetupFacts) {
  if (facts.licenseId === null) return { license: null, plan: null, words: null };
  const [license] = await ctx.db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, facts.licenseId), eq(licenses.userId, facts.userId)));
  if (!license || (license.type !== 'month' && license.type !== 'year')) return undefined;
  const plan = await renewalPlanOf(ctx.db, license.type);
  return plan ? { license, plan, words: licenseConsentWords(plan, license.type, 'en') } : undefined;
}
