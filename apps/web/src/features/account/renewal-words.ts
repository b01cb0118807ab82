import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { formatUsd, toCents } from '@lbs/domain/money';
import { isAutoRenewableType, renewalConsentWords } from '@lbs/domain/renewals';
import type { License, LicenseMode } from './api';
import { formatDate } from './format';

/*
 * How a licence's automatic renewal reads in the customer's overview (decision 0021): when it
 * renews and for how much, or when it ends; what failed and until when the booth keeps working.
 */

export const RENEWAL_WORDS = {
  turnOff: 'Turn off',
  turnOn: 'Turn on',
  turnOffLabel: (key: string) => `Turn off automatic renewal of license ${key}`,
  turnOnLabel: (key: string) => `Turn on automatic renewal of license ${key}`,
  turnOnTitle: 'Turn on automatic renewal',
  /** A paid term always runs to its end: turning renewal off never shortens it. */
  turnedOff: (end: string) => `Automatic renewal is off. Your license runs to the end of its paid term, ${end}.`,
  turnedOn: 'Automatic renewal is on.',
  payNow: 'Pay now',
  payNowLabel: (key: string) => `Pay now for license ${key}`,
} as const;

/**
 * The End Date column of a Monthly or Yearly licence: "Renews on 12 Jan 2027 · $150.00" while it
 * renews, "Ends on 12 Jan 2027" while current and not renewing; null for anything else (an
 * unpaid renewal says so in its own warning instead).
 */
export function renewalEndText(l: License, mode: LicenseMode): string | null {
  if (!l.expire_date || l.renewal_due || l.revoked) return null;
  const end = formatDate(l.expire_date);
  if (l.auto_renew) return l.renewal_amount === null ? `Renews on ${end}` : `Renews on ${end} · ${formatUsd(l.renewal_amount)}`;
  if (mode === 'CURRENT' && isAutoRenewableType(l.type) && !l.is_expired) return `Ends on ${end}`;
  return null;
}

/** The warning of an unpaid automatic renewal: what failed, the next try, and until when the booth keeps working. */
export function renewalDueText(due: NonNullable<License['renewal_due']>): string {
  // The provider's reason may end in its own full stop ('Your card was declined.').
  const what = due.failure ? `Payment failed: ${due.failure.trim().replace(/[.!]+$/, '')}.` : 'The renewal payment is due.';
  const next = due.next_try_at ? `Next try on ${formatDate(due.next_try_at)};` : 'No more automatic tries;';
  return `${what} ${next} this booth keeps working until ${formatDate(due.grace_until)}.`;
}

/**
 * The words turning renewal on agrees to: the licence's plan at its price in the catalogue, one
 * key, by the domain's one function (the server recomputes them from its own price and refuses
 * words that differ). Null when the licence's type has no plan that renews.
 */
export function turnOnConsentWords(l: License): string | null {
  const plan = findPlanByLicenseType(l.type);
  if (!plan || !isAutoRenewableType(l.type)) return null;
  return renewalConsentWords([{ planName: plan.name, type: l.type, unitPriceCents: toCents(plan.price), quantity: 1 }], 'en');
}
