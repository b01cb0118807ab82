import { z } from 'zod';
import { RENEWAL_LEAD_DAYS } from './renewals';

// The customer's payment method (DESIGN §6.3, decision 0022): the card renewals charge, as
// Settings shows it and the renewal job's expiry notice reads it. The rules both sides read.

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long before a card expires its holder is told (when it expires before a renewal). */
export const CARD_EXPIRY_NOTICE_DAYS = 30;

/** A saved card's expiry as printed on it: month 1–12 and a four-digit year. */
export interface CardExpiry {
  expMonth: number | null;
  expYear: number | null;
}

/**
 * The instant a card stops working: a card is good through the last day of its expiry month, so
 * it ends at the first instant (UTC) of the month after. Null when the card has no expiry on file.
 */
export function cardEndsAt(card: CardExpiry): Date | null {
  if (card.expMonth == null || card.expYear == null) return null;
  // Date.UTC takes a 0-based month, so the 1-based expiry month is the month after.
  return new Date(Date.UTC(card.expYear, card.expMonth, 1));
}

/**
 * When a renewing licence whose term ends at `termEnd` is next charged: the renewal is prepared
 * and first charged RENEWAL_LEAD_DAYS before the end, or at once when that moment has passed (a
 * renewal under way is retried soon).
 */
export function nextRenewalChargeAt(termEnd: Date, now: Date, leadDays: number = RENEWAL_LEAD_DAYS): Date {
  const chargeAt = termEnd.getTime() - leadDays * DAY_MS;
  return new Date(Math.max(chargeAt, now.getTime()));
}

/**
 * The card stops working before the next renewal charge of at least one of these renewing
 * licences (their term ends): that charge would fail, so Settings flags it and the holder is
 * mailed. A card with no expiry on file is never flagged.
 */
export function cardExpiresBeforeRenewal(card: CardExpiry, termEnds: readonly Date[], now: Date, leadDays: number = RENEWAL_LEAD_DAYS): boolean {
  const ends = cardEndsAt(card);
  if (!ends) return false;
  return termEnds.some((end) => ends.getTime() <= nextRenewalChargeAt(end, now, leadDays).getTime());
}

/** From when the holder is told a card is expiring: CARD_EXPIRY_NOTICE_DAYS before it ends. */
export function cardExpiryNoticeFrom(card: CardExpiry): Date | null {
  const ends = cardEndsAt(card);
  return ends ? new Date(ends.getTime() - CARD_EXPIRY_NOTICE_DAYS * DAY_MS) : null;
}

/**
 * The last expiry month (as year and 1-based month) of the cards that end on or before `at`: a card
 * (y, m) ends by `at` exactly when (y, m) ≤ this pair, so a query can compare the two columns.
 */
export function lastExpiryMonthEndingBy(at: Date): { year: number; month: number } {
  const monthIndex = at.getUTCMonth();
  return monthIndex === 0 ? { year: at.getUTCFullYear() - 1, month: 12 } : { year: at.getUTCFullYear(), month: monthIndex };
}

/** "12/2030", as the card shows it (null: no expiry on file). */
export function cardExpiryLabel(card: { exp_month: number | null; exp_year: number | null }): string | null {
  if (card.exp_month == null || card.exp_year == null) return null;
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

/** A licence whose automatic renewal charges the card (named in Settings and in the Remove dialog). */
export const ZRenewingLicense = z.object({
  id: z.uuid(),
  /** The plan's name ("Monthly License"). */
  name: z.string(),
  type: z.enum(['month', 'year']),
  /** The key as the account area shows it (truncated). */
  key: z.string(),
  /** The term's end, when it renews. */
  renews_on: z.iso.datetime(),
});
export type TRenewingLicense = z.infer<typeof ZRenewingLicense>;

export const ZSavedCard = z.object({
  brand: z.string(),
  last4: z.string(),
  /** Null when the provider gave no expiry. */
  exp_month: z.number().int().min(1).max(12).nullable(),
  exp_year: z.number().int().nullable(),
  provider: z.enum(['local', 'stripe']),
  /** The card stops working before the next renewal charge of one of `renewing_licenses`. */
  expires_before_renewal: z.boolean(),
});
export type TSavedCard = z.infer<typeof ZSavedCard>;

/** GET /api/payment-methods/current: the card in use (or none) and what it renews. */
export const ZPaymentMethodAnswer = z.object({
  card: ZSavedCard.nullable(),
  /** The holder's licences that renew automatically (they charge this card). */
  renewing_licenses: z.array(ZRenewingLicense),
  /** Some licence of the holder could renew automatically (Monthly or Yearly, current): a card is worth adding. */
  could_renew: z.boolean(),
});
export type TPaymentMethodAnswer = z.infer<typeof ZPaymentMethodAnswer>;

/** POST /api/payment-methods/setup: where the holder saves a new card. */
export const ZCardSetupAnswer = z.object({ url: z.string() });
export type TCardSetupAnswer = z.infer<typeof ZCardSetupAnswer>;

/** DELETE /api/payment-methods/current: the licences whose automatic renewal stopped. */
export const ZCardRemovedAnswer = z.object({ renewal_stopped: z.array(ZRenewingLicense) });
export type TCardRemovedAnswer = z.infer<typeof ZCardRemovedAnswer>;

/** The Remove dialog's sentence, and the mail's (a truncated key's ellipsis ends it without a second full stop). */
export function renewalStopsWords(licenses: ReadonlyArray<{ name: string; key: string }>): string {
  const named = licenses.map((l) => `${l.name} ${l.key}`).join(', ');
  return `Automatic renewal will stop for: ${named}${named.endsWith('…') ? '' : '.'}`;
}
