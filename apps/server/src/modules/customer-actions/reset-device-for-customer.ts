import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';
import { licensesChanged } from '../license-server/licenses-changed';
import { conflict } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { auditView } from '../licenses/generate-license';
import { adminLicenseJson } from './admin-license-json';
import { customerOf } from './customer-of';
import { lockLicense } from './lock-license';
import { licenseLabel } from '../audit/audit-labels';
import { planName, shownKey } from './license-words';
import { tellCustomer } from './tell-customer';

/**
 * An admin frees a licence's device for its owner (a booth PC died and the customer has used up
 * their own resets, or cannot reach the account). Unlike the customer's reset it is not counted
 * against their DEVICE_RESETS_PER_WINDOW: the shop's help should not cost them one. The audit
 * row (with the previous device) is its record. Allowed while suspended: the key stays
 * suspended, so the next device is refused until it is reinstated.
 */
export async function resetDeviceForCustomer(db: Db, actor: AuditActor, licenseId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const before = await lockLicense(tx, licenseId, { notRevoked: true });
    if (!before.deviceId) throw conflict(MSG.deviceNotBound);
    const [after] = await tx.update(licenses).set({ deviceId: null, deviceBoundAt: null }).where(eq(licenses.id, before.id)).returning();
    await licensesChanged(tx, [before.id]);
    const customer = (await customerOf(tx, before.userId))!;
    const device = before.deviceName ?? 'its device';
    await tellCustomer(tx, customer, {
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
    await recordAdminAction(tx, {
      actor,
      action: 'license.device_reset',
      target: { type: 'license', id: before.id },
      before: { ...auditView(before), device_id: before.deviceId, device_name: before.deviceName },
      after: { ...auditView(after!), device_id: null },
      label: licenseLabel(before),
      subjectUserId: before.userId,
    });
    return adminLicenseJson(tx, after!, now);
  });
}
