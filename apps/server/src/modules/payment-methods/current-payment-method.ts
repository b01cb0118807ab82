import { eq } from 'drizzle-orm';
import { cardExpiresBeforeRenewal, type TPaymentMethodAnswer } from '@lbs/domain/payment-cards';
import type { AppContext } from '../../app-context';
import { licenses } from '../../db/schema';
import { autoRenewOnRefusal } from '../licenses/auto-renew-consent';
import { cardInUse } from '../payments/save-card';
import { renewingLicenseJson, renewingLicensesOf } from './renewing-licenses';

/**
 * GET /api/payment-methods/current (decision 0022): the caller's card in use, whether it stops
 * working before a renewal charge (the rule in packages/domain/src/payment-cards.ts), the licences
 * that renew on it, and whether any licence could renew (a card is then worth adding).
 */
export async function currentPaymentMethod(ctx: AppContext, userId: number): Promise<TPaymentMethodAnswer> {
  const now = ctx.clock.now();
  const [card, renewing, all] = await Promise.all([
    cardInUse(ctx.db, userId),
    renewingLicensesOf(ctx.db, userId),
    ctx.db.select().from(licenses).where(eq(licenses.userId, userId)),
  ]);
  const couldRenew = renewing.length > 0 || all.some((license) => autoRenewOnRefusal(license, now) === null);
  const termEnds = renewing.map((license) => license.expiresAt!);
  return {
    card: card
      ? {
            brand: card.brand,
            last4: card.last4,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            provider: card.provider,
            expires_before_renewal: cardExpiresBeforeRenewal(card, termEnds, now, ctx.config.RENEWAL_LEAD_DAYS),
        }
      : null,
    renewing_licenses: renewing.map(renewingLicenseJson),
    could_renew: couldRenew,
  };
}
