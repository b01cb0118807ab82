import { eq } from 'drizzle-orm';
import type { TLicenseActivateBody, TLicenseActivated } from '@lbs/domain/license-server';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';
import { recordDeviceAddresses } from './device-addresses';
import { findLicenseByKey, licenseStanding, toServerLicense } from './find-license';
import type { LeaseIssuer } from './lease';
import { LicenseRefusal } from './license-refusal';

/** Who is calling: recorded with the activation. */
export interface LicenseClient {
  ip: string;
}

/**
 * Binds a licence to the calling device and answers a lease. One device per licence: the check
 * and the binding run in one transaction with the licence row locked, so of many devices
 * activating at once exactly one wins and the rest get DEVICE_LIMIT_REACHED. The same device
 * again is idempotent (its name, version and address are refreshed). Binds `device_id`, the
 * field the customer's overview shows and their self-service reset clears.
 */
export async function activateLicense(
  db: Db,
  leases: LeaseIssuer,
  body: TLicenseActivateBody,
  client: LicenseClient,
  now = new Date(),
): Promise<TLicenseActivated> {
  const license = await db.transaction(async (tx) => {
    const found = await findLicenseByKey(tx, body.license_key, { lock: true });
    if (!found) throw new LicenseRefusal('NOT_FOUND');
    const standing = licenseStanding(found, body.device_id, now);
    if (standing === 'REVOKED' || standing === 'EXPIRED') throw new LicenseRefusal(standing);
    if (standing === 'DEVICE_MISMATCH') throw new LicenseRefusal('DEVICE_LIMIT_REACHED');
    const [bound] = await tx
      .update(licenses)
      .set({
        deviceId: body.device_id,
        deviceBoundAt: found.deviceId === null ? now : found.deviceBoundAt,
        // A new binding starts clean (a reset elsewhere may have left the old device's name).
        deviceName: body.device_name ?? (found.deviceId === null ? null : found.deviceName),
        lastAppVersion: body.app_version ?? found.lastAppVersion,
        lastValidatedAt: now,
        lastValidatedIp: client.ip,
      })
      .where(eq(licenses.id, found.id))
      .returning();
    return bound!;
  });
  await recordDeviceAddresses(db, [{ licenseId: license.id, deviceId: body.device_id, ip: client.ip, at: now }]);
  return { valid: true, code: 'VALID', license: toServerLicense(license), lease: await leases.issue(license, body.device_id, now) };
}
