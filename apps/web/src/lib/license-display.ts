import { licenseDisplayStatus, type LicenseDisplayStatus } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { TLicense } from '@lbs/domain/responses';
import { formatDate } from './format-date';

/*
 * How a licence's dates and status read, in the customer's overview and the back office's list
 * alike. An unused Daily pass has no start or end yet (its hours start at its first activation):
 * it shows that, and the date it must be activated by (DESIGN §6.1).
 */

const DAY_MS = 24 * 3600 * 1000;
const days = (n: number) => `${n} ${n === 1 ? 'Day' : 'Days'}`;

/** The Start column: the start date, or 'Starts on first activation' for an unused pass. */
export function licenseStartText(l: TLicense): string {
  return l.activate_by ? MSG.licenseStartsOnFirstActivation : formatDate(l.create_date);
}

/** The End column: the end date, or 'Activate by <date>' for an unused pass; `never` when it has none. */
export function licenseEndText(l: TLicense, never = '--'): string {
  if (l.activate_by) return MSG.licenseActivateBy(formatDate(l.activate_by));
  return l.expire_date ? formatDate(l.expire_date) : never;
}

/** A licence's term as days between start and end ('1 Day', '365 Days'); 'No expiry' without an end. */
export function licenseDuration(start: string, end: string | null): string {
  if (!end) return 'No expiry';
  return days(Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS)));
}

/** The Duration column: an unused pass's term counts from its first activation. */
export function licenseDurationText(l: TLicense): string {
  if (l.activate_by && l.unstarted_term_hours) return days(Math.max(1, Math.round(l.unstarted_term_hours / 24)));
  return licenseDuration(l.create_date, l.expire_date);
}

/** The status badges' words and colours, by what a licence is now. */
const STATUS_BADGES: Readonly<Record<LicenseDisplayStatus, { label: string; tone: string }>> = {
  active: { label: MSG.licenseStatusActive, tone: 'bg-emerald-50 text-emerald-700' },
  expired: { label: MSG.licenseStatusExpired, tone: 'bg-slate-100 text-slate-700' },
  revoked: { label: MSG.licenseStatusRevoked, tone: 'bg-red-50 text-red-700' },
  suspended: { label: MSG.licenseStatusSuspended, tone: 'bg-amber-50 text-amber-800' },
  unstarted: { label: MSG.licenseStatusUnstarted, tone: 'bg-sky-50 text-sky-800' },
  // Short enough for the card's header beside the key at 375 px; the Start column has the date.
  upcoming: { label: MSG.licenseStatusUpcoming, tone: 'bg-sky-50 text-sky-800' },
};

/** The badge of a licence status: the same words and colours wherever a licence is listed. */
export function licenseStatusBadgeOf(status: LicenseDisplayStatus): { status: LicenseDisplayStatus; label: string; tone: string } {
  return { status, ...STATUS_BADGES[status] };
}

/** A key in grace (its automatic renewal unpaid): current, its booth works until the grace ends; not Expired (DESIGN §6.3). */
export const IN_GRACE_BADGE = { label: MSG.licenseStatusInGrace, tone: 'bg-amber-50 text-amber-900' } as const;

/** The status badge's words and colours: the customer's overview, LICENSES and the customer page alike. */
export function licenseStatusBadge(l: TLicense): { label: string; tone: string } {
  if (l.renewal_due?.in_grace) return IN_GRACE_BADGE;
  return licenseStatusBadgeOf(licenseDisplayStatus(l));
}
