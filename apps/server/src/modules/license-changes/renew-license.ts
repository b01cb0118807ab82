import {
  DAILY_PASS_HOURS,
  initialReminderStage,
  isLicenseExpired,
  isLicenseUnstarted,
  isRenewableLicenseType,
  purchasedLicenseExpiry,
  type RenewableLicenseType,
  renewedLicenseExpiry,
  startsOnFirstActivation,
  unstartedPassTerms,
} from '@lbs/domain/license-terms';
import type { LicenseType } from '@lbs/domain/catalogue';
import type { Tx } from '../../db/client';
import { lockLicenseIfAny } from './lock-license';
import { writeLicense, type LicenseRow } from './write-licenses';

export interface RenewedLicense {
  id: string;
  key: string;
  type: LicenseType;
  previousExpiresAt: Date | null;
  /** A Daily pass that was not started when renewed: its unstarted hours before (a refund gives them back). */
  previousUnstartedTermHours: number | null;
  expiresAt: Date;
  /** A Daily pass not started yet: the hours it now runs from its first activation, and by when. */
  unstarted: { hours: number; activateBy: Date } | null;
}

/**
 * A paid renewal (DESIGN §6): the same key, extended by the plan's term from its expiry while it
 * is current or from payment once it has ended; its device, start and history stay. Reminders
 * start over for the new term (those whose moment has already come are skipped). Runs inside the
 * fulfilment transaction, which happens once per payment, with the licence row locked so an
 * activation or the reminder job sees it before or after, never half-renewed.
 *
 * A Daily pass not yet started is renewed by a day more from its first activation (renewUnstartedPass);
 * one that has ended becomes an unused pass again, starting at its next first activation
 * (renewEndedPass), not at payment.
 *
 * Answers null when the licence can no longer be renewed with this plan (revoked since checkout);
 * the fulfilment then issues a new key instead, so the payment still buys a term. Tells no one
 * itself: the order's receipt (mail and notification) names the renewed key and its new end.
 */
export async function renewLicense(
  tx: Tx,
  renewal: {
    licenseId: string;
    userId: number;
    type: LicenseType;
    paidAt: Date;
    /**
     * An automatic renewal's term end E (orders.renewal_term_end): the new end is E + term,
     * absolutely, whenever it is paid (in grace too), so no repeated answer adds a second term.
     */
    termEnd?: Date | null;
  },
): Promise<RenewedLicense | null> {
  const license = await lockLicenseIfAny(tx, renewal.licenseId, { ownerId: renewal.userId });
  if (!license || license.revokedAt || license.type !== renewal.type || !isRenewableLicenseType(renewal.type)) return null;
  if (renewal.termEnd) return renewFromTermEnd(tx, license, renewal.type, renewal.termEnd, renewal.paidAt);
  if (isLicenseUnstarted(license)) return renewUnstartedPass(tx, license, renewal.type, renewal.paidAt);
  if (startsOnFirstActivation(renewal.type) && isLicenseExpired(license.expiresAt, renewal.paidAt)) {
    return renewEndedPass(tx, license, renewal.type, renewal.paidAt);
  }
  const expiresAt = renewedLicenseExpiry(renewal.type, license.expiresAt, renewal.paidAt);
  await writeLicense(tx, license.id, { expiresAt, reminderStage: initialReminderStage(expiresAt, renewal.paidAt) });
  return {
    id: license.id,
    key: license.licenseKey,
    type: renewal.type,
    previousExpiresAt: license.expiresAt,
    previousUnstartedTermHours: null,
    expiresAt,
    unstarted: null,
  };
}

/**
 * An automatic renewal (decision 0021): the term after E, E + term, leaving grace; never shorter
 * than the licence already runs (an admin's extension meanwhile is kept). Reminders start over.
 */
async function renewFromTermEnd(tx: Tx, license: LicenseRow, type: RenewableLicenseType, termEnd: Date, paidAt: Date): Promise<RenewedLicense> {
  const next = purchasedLicenseExpiry(type, termEnd);
  const expiresAt = license.expiresAt && license.expiresAt.getTime() > next.getTime() ? license.expiresAt : next;
  await writeLicense(tx, license.id, { expiresAt, graceUntil: null, reminderStage: initialReminderStage(expiresAt, paidAt) });
  return {
    id: license.id,
    key: license.licenseKey,
    type,
    previousExpiresAt: license.expiresAt,
    previousUnstartedTermHours: null,
    expiresAt,
    unstarted: null,
  };
}

/**
 * A Daily pass renewed after it ended (issue 19): operators renew days or weeks before their next
 * event, so starting its 24 hours at payment, as a lapsed Monthly key's term does, would spend them
 * before the event. It becomes an unused pass again, as if bought now (12 months to activate, its
 * hours from its first activation), and keeps its device (DESIGN §6): that device's next activation
 * starts it (activate-license.ts, firstActivationStart), and until then its checks answer
 * NOT_ACTIVATED, not a lease.
 */
async function renewEndedPass(tx: Tx, license: LicenseRow, type: LicenseType, paidAt: Date): Promise<RenewedLicense> {
  return writeUnstartedPass(tx, license, type, paidAt, unstartedPassTerms(paidAt));
}

/**
 * A Daily pass renewed before its first activation (DESIGN §6.1): its hours grow by a day, still
 * counted from the first activation; its activate-by date stays. One whose activate-by date has
 * passed unused is a new unused pass from this payment (its old hours lapsed, as a lapsed key's term
 * does).
 */
async function renewUnstartedPass(tx: Tx, license: LicenseRow, type: LicenseType, paidAt: Date): Promise<RenewedLicense> {
  const lapsed = isLicenseExpired(license.expiresAt, paidAt);
  const set = lapsed
    ? { ...unstartedPassTerms(paidAt), startAt: license.startAt }
    : { unstartedTermHours: (license.unstartedTermHours ?? 0) + DAILY_PASS_HOURS, activateBy: license.activateBy!, expiresAt: license.expiresAt! };
  return writeUnstartedPass(tx, license, type, paidAt, set);
}

/** Writes a Daily pass's unstarted terms, its reminders restarted from them, and answers the renewal. */
async function writeUnstartedPass(
  tx: Tx,
  license: LicenseRow,
  type: LicenseType,
  paidAt: Date,
  terms: { activateBy: Date; expiresAt: Date; unstartedTermHours: number; startAt?: Date },
): Promise<RenewedLicense> {
  await writeLicense(tx, license.id, { ...terms, reminderStage: initialReminderStage(terms.expiresAt, paidAt) });
  return {
    id: license.id,
    key: license.licenseKey,
    type,
    previousExpiresAt: license.expiresAt,
    previousUnstartedTermHours: isLicenseUnstarted(license) ? license.unstartedTermHours : null,
    expiresAt: terms.expiresAt,
    unstarted: { hours: terms.unstartedTermHours, activateBy: terms.activateBy },
  };
}
