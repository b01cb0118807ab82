import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { DEVICE_RESETS_PER_WINDOW, isLicenseCurrent } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { Tx } from '../../db/client';
import { licenseDeviceResets } from '../../db/schema';
import { AppError, conflict } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { countDeviceResets } from './count-device-resets';
import { customerOf } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';
import { auditView, recordLicenseAction } from './license-audit';
import { planName, shownKey } from './license-words';
import { lockLicense } from './lock-license';
import { writeLicense, type LicenseRow } from './write-licenses';

/** Who frees the device: the key's owner from their account, or an admin helping them. */
export type DeviceResetBy = { customerId: number } | { admin: AuditActor };

/**
 * The one device reset: unbinds a licence's device so the key can be activated on a replacement
 * PC. The customer and an admin differ only in who may and whether it counts:
 * - the customer, on their own current, unsuspended key, at most DEVICE_RESETS_PER_WINDOW times in
 *   a rolling 30 days (counted under the row lock, so two resets at once cannot both slip under);
 *   moving a suspended key to another PC is for the shop to decide (DESIGN §6.1);
 * - an admin, on any unrevoked key (suspended too: it stays suspended, so the next device is
 *   refused until reinstated), not counted against the customer's allowance (the shop's help
 *   should not cost them one), told to the customer and audited with the previous device.
 * Answers the licence as written and, for the customer, the resets they have left.
 */
export async function resetLicenseDevice(tx: Tx, licenseId: string, by: DeviceResetBy, now: Date): Promise<{ license: LicenseRow; resetsLeft: number | null }> {
  const byCustomer = 'customerId' in by;
  const before = await lockLicense(tx, licenseId, byCustomer ? { ownerId: by.customerId } : { notRevoked: true });
  let resetsLeft: number | null = null;
  if (byCustomer) {
    if (!isLicenseCurrent(before, now)) throw conflict(MSG.licenseNotCurrent);
    if (before.suspendedAt) throw conflict(CUSTOMER_ACTION_MSG.resetWhileSuspended);
  }
  if (!before.deviceId) throw conflict(MSG.deviceNotBound);
  if (byCustomer) {
    const used = (await countDeviceResets(tx, [before.id], now)).get(before.id) ?? 0;
    if (used >= DEVICE_RESETS_PER_WINDOW) throw new AppError('too_many_requests', MSG.deviceResetLimit);
    await tx.insert(licenseDeviceResets).values({ licenseId: before.id, previousDeviceId: before.deviceId, createdAt: now });
    resetsLeft = DEVICE_RESETS_PER_WINDOW - used - 1;
  }
  const license = await writeLicense(tx, before.id, { deviceId: null, deviceBoundAt: null });
  if (!byCustomer) await tellAndAuditAdminReset(tx, by.admin, before, license);
  return { license, resetsLeft };
}

async function tellAndAuditAdminReset(tx: Tx, actor: AuditActor, before: LicenseRow, after: LicenseRow): Promise<void> {
  const device = before.deviceName ?? 'its device';
  await tellCustomer(tx, (await customerOf(tx, before.userId))!, {
    type: 'license_purchase',
    title: 'License device reset',
    message: `Our team freed your ${planName(before)} key ${shownKey(before)} from ${device}. You can now activate it on another PC.`,
    mailNote: 'The device it was on stops working with this key at its next licence check. If you did not ask for this, please reply to this email.',
    subject: 'Your LentiBooth license can be activated on a new device',
    rows: [
      ['License key', shownKey(before)],
      ['Plan', planName(before)],
      ['Previous device', device],
    ],
  });
  await recordLicenseAction(tx, actor, 'license.device_reset', before, {
    before: { ...auditView(before), device_id: before.deviceId, device_name: before.deviceName },
    after: { ...auditView(after), device_id: null },
  });
}
