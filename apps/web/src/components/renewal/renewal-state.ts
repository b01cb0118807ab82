import type { TLicense, TRenewalCard } from '@lbs/domain/responses';
import { cardExpiresBeforeRenewal as cardExpiresBeforeNextCharge } from '@lbs/domain/payment-cards';
import { formatDate } from '../../lib/format-date';

/**
 * A licence's automatic renewal as the back office reads it (issue 39): renews on its end, ends
 * on it (renewal off), or a payment due since the term's end with the booth working until the
 * grace ends. Null for a licence that cannot renew (Daily, One-Time, Custom) or is revoked.
 */
export type RenewalState =
  | { kind: 'renews'; on: string }
  | { kind: 'ends'; on: string; ended: boolean }
  | { kind: 'due'; since: string; graceUntil: string; inGrace: boolean; failure: string | null };

export function renewalState(l: TLicense): RenewalState | null {
  if ((l.type !== 'month' && l.type !== 'year') || l.revoked || !l.expire_date) return null;
  if (l.renewal_due) {
    return { kind: 'due', since: l.renewal_due.since, graceUntil: l.renewal_due.grace_until, inGrace: l.renewal_due.in_grace, failure: l.renewal_due.failure };
  }
  if (l.auto_renew) return { kind: 'renews', on: l.expire_date };
  return { kind: 'ends', on: l.expire_date, ended: l.is_expired };
}

/** The state in words, each part a line: 'Renews on 5 Mar 2027'; 'Payment due since 1 Dec 2026', 'Grace until 8 Dec 2026'. */
export function renewalStateLines(s: RenewalState): string[] {
  switch (s.kind) {
    case 'renews':
      return [`Renews on ${formatDate(s.on)}`];
    case 'ends':
      return [`${s.ended ? 'Ended' : 'Ends'} on ${formatDate(s.on)}`];
    case 'due':
      return [`Payment due since ${formatDate(s.since)}`, `Grace until ${formatDate(s.graceUntil)}`];
  }
}

/** 'Visa ···· 4242'. */
export const cardText = (card: TRenewalCard) => `${card.brand} ···· ${card.last4}`;

/**
 * The card stops working before the licence's next renewal charge, so that charge would fail: the
 * rule Settings and the expiry mail use (packages/domain/src/payment-cards.ts), read off the
 * back office's licence JSON.
 */
export function cardExpiresBeforeRenewal(l: TLicense, now: Date = new Date()): boolean {
  if (!l.auto_renew || !l.expire_date || !l.renewal_card) return false;
  const card = { expMonth: l.renewal_card.exp_month, expYear: l.renewal_card.exp_year };
  return cardExpiresBeforeNextCharge(card, [new Date(l.expire_date)], now);
}

