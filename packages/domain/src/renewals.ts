import type { LicenseType } from './catalogue';
import { formatUsd, fromCents } from './money';

// Licences that recur (DESIGN §6.3, decision 0021): the rules both sides read, written once.

/** Only Monthly and Yearly licences renew automatically; a Daily pass and the setup kit never do. */
export function isAutoRenewableType(type: string): type is 'month' | 'year' {
  return type === 'month' || type === 'year';
}

/** Defaults of the server's RENEWAL_LEAD_DAYS, RENEWAL_GRACE_DAYS and RENEWAL_RETRY_DAYS. */
export const RENEWAL_LEAD_DAYS = 3;
export const RENEWAL_GRACE_DAYS = 7;
export const RENEWAL_RETRY_DAYS: readonly number[] = Object.freeze([1, 3, 5]);
/** A price change reaches a customer whose licence renews at least this long before the charge. */
export const RENEWAL_PRICE_NOTICE_DAYS = 7;

/** The end of the grace that follows a term ending at `termEnd` (E + the grace days). */
export function graceUntilOf(termEnd: Date, graceDays: number): Date {
  return new Date(termEnd.getTime() + graceDays * 24 * 60 * 60 * 1000);
}

/** What a licence's grace is read from: its row as the server stores it. */
export interface LicenseGraceFacts {
  expiresAt: Date | null;
  graceUntil?: Date | null;
}

/**
 * In grace (DESIGN §6.3): the term ended at E = expires_at, its automatic renewal is unpaid, and
 * grace_until has not come. The booth keeps working, told that payment is due.
 */
export function isInGrace(license: LicenseGraceFacts, now: Date): boolean {
  const { expiresAt, graceUntil } = license;
  return (
    expiresAt !== null &&
    graceUntil != null &&
    expiresAt.getTime() <= now.getTime() &&
    now.getTime() < graceUntil.getTime()
  );
}

/**
 * Until when the licence may be used: its end, or the end of its grace while a renewal is unpaid
 * (null: never ends). Every "is it current" rule reads this, never expires_at alone.
 */
export function licenseUsableUntil(license: LicenseGraceFacts): Date | null {
  const { expiresAt, graceUntil } = license;
  if (expiresAt === null) return null;
  return graceUntil != null && graceUntil.getTime() > expiresAt.getTime() ? graceUntil : expiresAt;
}

/** A cart line as the "Renew automatically" consent names it. */
export interface RenewingLine {
  planName: string;
  type: 'month' | 'year';
  unitPriceCents: number;
  quantity: number;
}

export const RENEWAL_CONSENT_LANGUAGES = ['en'] as const;
export type RenewalConsentLanguage = (typeof RENEWAL_CONSENT_LANGUAGES)[number];

const PERIOD_WORD: Record<'month' | 'year', string> = { month: 'every 30 days', year: 'every 365 days' };

/**
 * The words beside "Renew automatically" at checkout: the amount, the period and how to turn it
 * off. The page shows them, and the server recomputes them from its own prices and stores them
 * with the consent; a page whose words differ (a price changed meanwhile) is refused, as a total
 * that differs is.
 */
export function renewalConsentWords(lines: readonly RenewingLine[], language: RenewalConsentLanguage = 'en'): string {
  void language;
  const each = lines
    .map((line) => {
      const count = line.quantity > 1 ? `${line.quantity} × ` : '';
      return `${count}${line.planName} at ${formatUsd(fromCents(line.unitPriceCents))} ${PERIOD_WORD[line.type]}${line.quantity > 1 ? ' each' : ''}`;
    })
    .join(' and ');
  return (
    `Renew automatically: ${each}, charged at the end of each term to the card saved for your renewals, until you turn it off. ` +
    'Turn it off at any time under Licences in your account; a paid term always runs to its end.'
  );
}

/** The consent words of the licence types a cart renews, from its lines (the others never recur). */
export function renewingLinesOf(
  lines: ReadonlyArray<{ name: string; licenseType: LicenseType | null; unitPriceCents: number; quantity: number; renews?: string | null }>,
): RenewingLine[] {
  return lines.flatMap((line) =>
    line.licenseType && isAutoRenewableType(line.licenseType)
      ? [{ planName: line.name, type: line.licenseType, unitPriceCents: line.unitPriceCents, quantity: line.quantity }]
      : [],
  );
}
