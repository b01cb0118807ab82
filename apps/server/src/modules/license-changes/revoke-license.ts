import { isLicenseExpired } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { licenseUsableUntil } from '@lbs/domain/renewals';
import type { Tx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { customerOf } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';
import { abandonRenewalOrder } from '../renewals/abandon-renewal-order';
import { auditView, recordLicenseAction } from './license-audit';
import { planName, shownKey } from './license-words';
import { lockLicense } from './lock-license';
import { writeLicense, type LicenseRow } from './write-licenses';

/**
 * An admin revokes a key: revoked_at is stamped and the row kept (the licence moves to the
 * customer's Past). The customer hears of it in the same transaction: their booth stops at its
 * next licence check, and they should know why before the event, not at it. A revoked or ended
 * key is refused (409); one in grace has not ended (DESIGN §6.3) and may be revoked.
 *
 * A revoked licence is never charged: its pending automatic renewal is given up in the same
 * transaction (abandonRenewalOrder; a charge in flight that still succeeds is refunded).
 */
export async function revokeLicense(tx: Tx, actor: AuditActor, licenseId: unknown, now: Date): Promise<LicenseRow> {
  const before = await lockLicense(tx, licenseId);
  if (before.revokedAt) throw conflict(MSG.licenseAlreadyRevoked);
  if (isLicenseExpired(licenseUsableUntil(before), now)) throw conflict(MSG.licenseAlreadyExpired);
  await abandonRenewalOrder(tx, { licenseId: before.id, reason: 'licence revoked', now });
  const after = await writeLicense(tx, before.id, { revokedAt: now, revokedReason: 'admin' });
  const key = shownKey(before);
  await tellCustomer(tx, (await customerOf(tx, before.userId))!, {
    type: 'license_expired',
    title: 'License revoked',
    message: `Your ${planName(before)} key ${key} was revoked by our team. LentiBooth stops working on its device at its next licence check.`,
    mailNote:
      'A booth without internet stops at the latest when its offline allowance ends. Please reply to this email or contact us if you did not expect this.',
    subject: 'Your LentiBooth license was revoked',
    rows: [
      ['License key', key],
      ['Plan', planName(before)],
    ],
  });
  await recordLicenseAction(tx, actor, 'license.revoked', before, { before: auditView(before), after: auditView(after) });
  return after;
}
