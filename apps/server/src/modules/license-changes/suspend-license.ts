import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { isLicenseExpired } from '@lbs/domain/license-terms';
import { licenseUsableUntil } from '@lbs/domain/renewals';
import type { Tx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { customerDate } from '../notifications/customer-date';
import { customerOf } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';
import { abandonRenewalOrder } from '../renewals/abandon-renewal-order';
import { auditView, recordLicenseAction } from './license-audit';
import { planName, shownKey } from './license-words';
import { lockLicense } from './lock-license';
import { writeLicense, type LicenseRow } from './write-licenses';

const suspensionView = (l: LicenseRow) => ({ ...auditView(l), suspended_at: l.suspendedAt?.toISOString() ?? null });

/**
 * An admin suspends a licence (DESIGN §6.1): the licence server answers SUSPENDED with no lease,
 * so the booth stops at its next check, or, offline, when its current lease ends (nothing is
 * pushed to it). The key and its device are kept and its term keeps running; the customer's own
 * device reset is refused while it lasts. Revoked or ended licences are not suspended (409):
 * there is nothing left to pause (a licence in grace has not ended, DESIGN §6.3).
 *
 * A suspended licence is never charged: its pending automatic renewal is given up in the same
 * transaction (abandonRenewalOrder; a charge in flight that still succeeds is refunded), and its
 * grace ends with it.
 */
export async function suspendLicense(tx: Tx, actor: AuditActor, licenseId: string, reason: string, now: Date): Promise<LicenseRow> {
  const before = await lockLicense(tx, licenseId, { notRevoked: true });
  if (before.suspendedAt) throw conflict(CUSTOMER_ACTION_MSG.alreadySuspended);
  if (isLicenseExpired(licenseUsableUntil(before), now)) throw conflict(CUSTOMER_ACTION_MSG.licenseEnded);
  await abandonRenewalOrder(tx, { licenseId: before.id, reason: 'licence suspended', now });
  const after = await writeLicense(tx, before.id, { suspendedAt: now });
  const customer = (await customerOf(tx, before.userId))!;
  await tellCustomer(tx, customer, {
    type: 'license_expired',
    title: 'License suspended',
    message: `Our team suspended your ${planName(before)} (key ${shownKey(before)}). Reason: ${reason}`,
    mailNote:
      'LentiBooth stops working with this key at its next licence check (a booth without internet at the latest when its offline allowance ends). Keep the key: it works again, on the same device, once we reinstate it. Its term keeps running meanwhile. Please reply to this email if you have questions.',
    subject: 'Your LentiBooth license was suspended',
    rows: suspensionMailRows(before, customer.timeZone),
  });
  await recordLicenseAction(tx, actor, 'license.suspended', before, { before: suspensionView(before), after: { ...suspensionView(after), reason } });
  return after;
}

/**
 * An admin lifts a suspension: the licence server answers VALID again with a lease, on the same
 * device. Only a suspended, unrevoked licence can be reinstated (409 otherwise). One that ran out
 * while suspended is reinstated all the same (it then answers EXPIRED, and can be extended).
 */
export async function reinstateLicense(tx: Tx, actor: AuditActor, licenseId: string, reason: string | undefined): Promise<LicenseRow> {
  const before = await lockLicense(tx, licenseId, { notRevoked: true });
  if (!before.suspendedAt) throw conflict(CUSTOMER_ACTION_MSG.notSuspended);
  const after = await writeLicense(tx, before.id, { suspendedAt: null });
  const customer = (await customerOf(tx, before.userId))!;
  await tellCustomer(tx, customer, {
    type: 'license_purchase',
    title: 'License reinstated',
    message: `Our team reinstated your ${planName(before)} key ${shownKey(before)}: it works again on its device.${reason ? ` Note: ${reason}` : ''}`,
    mailNote: 'There is nothing to re-activate: LentiBooth picks it up at its next licence check.',
    subject: 'Your LentiBooth license works again',
    rows: suspensionMailRows(before, customer.timeZone),
  });
  await recordLicenseAction(tx, actor, 'license.reinstated', before, {
    before: suspensionView(before),
    after: { ...suspensionView(after), reason: reason ?? null },
  });
  return after;
}

/** The suspend and reinstate mails' lines: which key, its plan, and the end its term keeps. */
function suspensionMailRows(license: LicenseRow, timeZone: string): Array<[string, string]> {
  return [
    ['License key', shownKey(license)],
    ['Plan', planName(license)],
    ['Valid until', license.expiresAt ? customerDate(license.expiresAt, timeZone) : 'Never expires'],
  ];
}
