import { eq } from 'drizzle-orm';
import { initialReminderStage, isLicenseUnstarted, startedPassTerm } from '@lbs/domain/license-terms';
import type { TLicenseActivateBody, TLicenseActivated } from '@lbs/domain/license-server';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';
import { recordDeviceAddresses } from './device-addresses';
import { findLicenseByKey, type LicenseRow, licenseStanding, toServerLicense } from './find-license';
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
 * field the customer's overview shows and their self-service reset clears. The first activation of
 * an unstarted Daily pass starts its hours, in the same locked transaction as the binding.
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
    if (standing === 'NOT_YET_VALID') throw new LicenseRefusal(standing, { startsAt: found.startAt });
    if (standing === 'REVOKED' || standing === 'SUSPENDED' || standing === 'EXPIRED') throw new LicenseRefusal(standing);
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
        ...firstActivationStart(found, now),
      })
      .where(eq(licenses.id, found.id))
      .returning();
    // In the same transaction: an activation either happened with its address on record or not at
    // all (recorded after the commit, a failure there would answer 500 for a bound device).
    await recordDeviceAddresses(tx, [{ licenseId: bound!.id, deviceId: body.device_id, ip: client.ip, at: now }]);
    return bound!;
  });
  return { valid: true, code: 'VALID', license: toServerLicense(license), lease: await leases.issue(license, body.device_id, now) };
}

/**
 * The columns that start an unstarted Daily pass at its first activation (DESIGN §6.1): its hours
 * run from now, it is no longer unstarted, and its reminders start over for the real term (so a
 * pass started today gets the 'ended' notice, not the one of its old activate-by date). Nothing
 * for a licence already started.
 */
function firstActivationStart(license: LicenseRow, now: Date): Partial<LicenseRow> {
  if (!isLicenseUnstarted(license) || license.unstartedTermHours === null) return {};
  const term = startedPassTerm(license.unstartedTermHours, now);
  return { ...term, activateBy: null, unstartedTermHours: null, reminderStage: initialReminderStage(term.expiresAt, now) };
}
