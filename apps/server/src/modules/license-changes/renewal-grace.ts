import { LICENSE_REMINDERS } from '@lbs/domain/license-terms';
import type { Tx } from '../../db/client';
import { writeLicense, type LicenseRow } from './write-licenses';

/**
 * A licence's grace (DESIGN §6.3): set when its automatic renewal order is prepared (E + the grace
 * days; it only takes effect from E, see isInGrace), cleared (null) when that order is paid,
 * abandoned, or the term it follows changes. The caller has locked the licence. Tells no one: the
 * renewal's own mails do.
 */
export function setLicenseGrace(tx: Tx, licenseId: string, graceUntil: Date | null): Promise<LicenseRow> {
  return writeLicense(tx, licenseId, { graceUntil });
}

/** The last reminder stage: the 'ended' notice. */
const ENDED_STAGE = LICENSE_REMINDERS[LICENSE_REMINDERS.length - 1]!.stage;

/**
 * The licence's 'ended' notice counts as given: the grace's own end message ("has ended: its
 * renewal was not paid") says it, so the reminder job sends no second one for this term.
 */
export function markEndedNoticeGiven(tx: Tx, licenseId: string): Promise<LicenseRow> {
  return writeLicense(tx, licenseId, { reminderStage: ENDED_STAGE });
}
