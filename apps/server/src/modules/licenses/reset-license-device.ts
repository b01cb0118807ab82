import { and, eq } from 'drizzle-orm';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { MSG } from '@lbs/domain/messages';
import { DEVICE_RESETS_PER_WINDOW, isLicenseCurrent } from '@lbs/domain/license-terms';
import type { Db } from '../../db/client';
import { licenseDeviceResets, licenses } from '../../db/schema';
import { licensesChanged } from '../license-server/licenses-changed';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { countDeviceResets } from './count-device-resets';
import { toLicenseJson } from './license-json';

/**
 * Unbinds the device of one of the caller's current licences so the key can be activated on a
 * replacement PC, at most DEVICE_RESETS_PER_WINDOW times in a rolling 30 days. The licence row
 * is locked, so two resets at once cannot both slip under the limit. Refused while an admin has
 * suspended the key (DESIGN §6.1): moving a suspended key to another PC is for the shop to decide.
 */
export async function resetLicenseDevice(db: Db, userId: number, licenseId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [l] = await tx
      .select()
      .from(licenses)
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
      .for('update');
    if (!l) throw notFound(MSG.licenseNotFound);
    if (!isLicenseCurrent(l, now)) throw conflict(MSG.licenseNotCurrent);
    if (l.suspendedAt) throw conflict(CUSTOMER_ACTION_MSG.resetWhileSuspended);
    if (!l.deviceId) throw conflict(MSG.deviceNotBound);
    const used = (await countDeviceResets(tx, [l.id], now)).get(l.id) ?? 0;
    if (used >= DEVICE_RESETS_PER_WINDOW) throw new AppError('too_many_requests', MSG.deviceResetLimit);
    await tx.insert(licenseDeviceResets).values({ licenseId: l.id, previousDeviceId: l.deviceId, createdAt: now });
    const [updated] = await tx
      .update(licenses)
      .set({ deviceId: null, deviceBoundAt: null })
      .where(eq(licenses.id, l.id))
      .returning();
    await licensesChanged(tx, [l.id]);
    return toLicenseJson(updated!, now, DEVICE_RESETS_PER_WINDOW - used - 1);
  });
}
