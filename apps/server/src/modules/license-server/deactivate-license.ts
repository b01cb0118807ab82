import { and, asc, eq, gte } from 'drizzle-orm';
import { DEACTIVATION_WINDOW_MS, DEACTIVATIONS_PER_WINDOW } from '@lbs/domain/license-terms';
import type { TLicenseDeactivateBody, TLicenseDeactivated } from '@lbs/domain/license-server';
import type { Db } from '../../db/client';
import { licenseDeactivations, licenses } from '../../db/schema';
import { licensesChanged } from './licenses-changed';
import type { LicenseClient } from './activate-license';
import { findLicenseByKey } from './find-license';
import { LicenseRefusal } from './license-refusal';

/**
 * Frees the licence from the calling device so it can be activated on another. Only the bound
 * device may, at most DEACTIVATIONS_PER_WINDOW times in a rolling window (counted under the row
 * lock, so parallel calls cannot slip past it); after that 429 DEACTIVATION_LIMIT with
 * Retry-After until the oldest one ages out. This count is the desktop program's own: the
 * customer's self-service reset has its own limit, and an admin is not limited by either.
 * Expired and revoked licences may be deactivated too: freeing a device harms nothing.
 */
export async function deactivateLicense(
  db: Db,
  body: TLicenseDeactivateBody,
  client: LicenseClient,
  now = new Date(),
): Promise<TLicenseDeactivated> {
  return db.transaction(async (tx) => {
    const found = await findLicenseByKey(tx, body.license_key, { lock: true });
    if (!found) throw new LicenseRefusal('NOT_FOUND');
    if (found.deviceId === null) throw new LicenseRefusal('NOT_ACTIVATED', { status: 'conflict' });
    if (found.deviceId !== body.device_id) throw new LicenseRefusal('DEVICE_MISMATCH', { status: 'conflict' });
    const recent = await tx
      .select({ createdAt: licenseDeactivations.createdAt })
      .from(licenseDeactivations)
      .where(and(eq(licenseDeactivations.licenseId, found.id), gte(licenseDeactivations.createdAt, new Date(now.getTime() - DEACTIVATION_WINDOW_MS))))
      .orderBy(asc(licenseDeactivations.createdAt));
    if (recent.length >= DEACTIVATIONS_PER_WINDOW) {
      const frees = recent[recent.length - DEACTIVATIONS_PER_WINDOW]!.createdAt.getTime() + DEACTIVATION_WINDOW_MS;
      throw new LicenseRefusal('DEACTIVATION_LIMIT', { retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) });
    }
    await tx.insert(licenseDeactivations).values({ licenseId: found.id, deviceId: found.deviceId, ip: client.ip, createdAt: now });
    await tx.update(licenses).set({ deviceId: null, deviceBoundAt: null, deviceName: null }).where(eq(licenses.id, found.id));
    await licensesChanged(tx, [found.id]);
    return { deactivated: true as const };
  });
}
