import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { cardEndsAt, cardExpiresBeforeRenewal, CARD_EXPIRY_NOTICE_DAYS, lastExpiryMonthEndingBy } from '@lbs/domain/payment-cards';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { licenses, paymentMethods } from '../../db/schema';
import { customerDate } from '../notifications/customer-date';
import { customerOf } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';
import { PAYMENT_METHOD_PAGE } from '../payment-methods/payment-method-page';
import { renewingLicenseJson, renewingLicensesOf } from '../payment-methods/renewing-licenses';
import type { PaymentMethodRow } from '../payments/save-card';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The renewal job's expiry notice (decision 0022): a card in use that stops working before the next
 * renewal charge of one of its holder's renewing licences is told to its holder (notification and
 * mail) CARD_EXPIRY_NOTICE_DAYS before it expires, or at once when that is already closer, once per
 * card: `expiry_told_at` is set in the transaction that queues the mail. Cards are claimed in
 * batches with SKIP LOCKED (the partial index payment_methods_expiry_idx finds the untold ones); a
 * card expiring soon that no renewal needs is passed over, walked past by id so a pass always ends,
 * and looked at again by the next pass (a renewal may be turned on meanwhile). Answers how many were told.
 */
export async function tellExpiringCards(ctx: AppContext, now: Date, limit: number): Promise<number> {
  // A card ending by now + 30 days is within its notice: (exp_year, exp_month) ≤ this month pair.
  const by = lastExpiryMonthEndingBy(new Date(now.getTime() + CARD_EXPIRY_NOTICE_DAYS * DAY_MS));
  let told = 0;
  let after: string | null = null;
  for (;;) {
    const batch: { told: number; last: string | null; claimed: number } = await ctx.db.transaction(async (tx) => {
      const cards = await tx
        .select()
        .from(paymentMethods)
        .where(
          and(
            isNull(paymentMethods.detachedAt),
            isNull(paymentMethods.expiryToldAt),
            sql`(${paymentMethods.expYear}, ${paymentMethods.expMonth}) <= (${by.year}, ${by.month})`,
            // Only a holder with a licence that renews: cards no renewal needs (most expired ones)
            // are not claimed and looked at again by every pass.
            sql`exists (select 1 from ${licenses} where ${licenses.userId} = ${paymentMethods.userId} and ${licenses.autoRenew} and ${licenses.revokedAt} is null)`,
            after === null ? undefined : gt(paymentMethods.id, after),
          ),
        )
        .orderBy(asc(paymentMethods.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      let toldNow = 0;
      for (const card of cards) if (await tellIfBeforeRenewal(tx, ctx, card, now)) toldNow++;
      return { told: toldNow, last: cards.at(-1)?.id ?? null, claimed: cards.length };
    });
    told += batch.told;
    if (batch.claimed < limit || batch.last === null) return told;
    after = batch.last;
  }
}

async function tellIfBeforeRenewal(tx: Tx, ctx: AppContext, card: PaymentMethodRow, now: Date): Promise<boolean> {
  const renewing = await renewingLicensesOf(tx, card.userId);
  const endsAt = cardEndsAt(card)!;
  const affected = renewing.filter((l) => cardExpiresBeforeRenewal(card, [l.expiresAt!], now, ctx.config.RENEWAL_LEAD_DAYS));
  if (affected.length === 0) return false;
  const marked = await tx
    .update(paymentMethods)
    .set({ expiryToldAt: now })
    .where(and(eq(paymentMethods.id, card.id), isNull(paymentMethods.expiryToldAt)))
    .returning({ id: paymentMethods.id });
  if (marked.length === 0) return false;
  const customer = await customerOf(tx, card.userId);
  if (!customer) return true;
  const named = affected.map(renewingLicenseJson);
  const lastDay = customerDate(new Date(endsAt.getTime() - DAY_MS), customer.timeZone);
  const expired = endsAt.getTime() <= now.getTime();
  const cardName = `${card.brand} card ending ${card.last4}`;
  await tellCustomer(tx, customer, {
    type: 'license_expiring',
    title: expired ? 'Your saved card has expired' : 'Your saved card expires before your next renewal',
    subject: expired ? 'Your saved card has expired: replace it to keep renewing' : 'Your saved card expires soon: replace it to keep renewing',
    message: `Your ${cardName} ${expired ? 'expired' : 'expires'} on ${lastDay}, before the automatic renewal of ${named
      .map((l) => `${l.name} ${l.key}`)
      .join(', ')}. Replace it under Settings in your account so the renewal is paid.`,
    rows: [
      ['Card', cardName],
      ['Valid through', lastDay],
      ...named.map((l): [string, string] => [`${l.name} ${l.key}`, `Renews on ${customerDate(new Date(l.renews_on), customer.timeZone)}`]),
    ],
    mailNote: `Replace your card: ${ctx.config.publicUrl}${PAYMENT_METHOD_PAGE}`,
  });
  return true;
}

