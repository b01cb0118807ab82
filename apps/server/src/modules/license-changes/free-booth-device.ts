import { and, asc, eq, gte } from 'drizzle-orm';
import { DEACTIVATION_WINDOW_MS, DEACTIVATIONS_PER_WINDOW } from '@lbs/domain/license-terms';
import type { Tx } from '../../db/client';
import { licenseDeactivations } from '../../db/schema';
import { lockLicenseByKeyHash } from './lock-license';
import { writeLicense } from './write-licenses';

export type BoothFreeResult =
  | { ok: true }
  | { ok: false; code: 'NOT_FOUND' | 'NOT_ACTIVATED' | 'DEVICE_MISMATCH' }
  | { ok: false; code: 'DEACTIVATION_LIMIT'; retryAfterSeconds: number };

/**
 * The booth's verb: frees the licence from the calling device so it can be activated on another.
 * Only the bound device may, at most DEACTIVATIONS_PER_WINDOW times in a rolling window (counted
 * under the row lock, so parallel calls cannot slip past it); after that DEACTIVATION_LIMIT until
 * the oldest one ages out. This count is the desktop program's own: the customer's device reset
 * has its own allowance, and an admin is limited by neither. Expired and revoked licences may be
 * freed too: freeing a device harms nothing. The booth's own verbs tell no one.
 */
export async function freeBoothDevice(
  tx: Tx,
  keyHash: string,
  booth: { deviceId: string; ip: string },
  now: Date,
): Promise<BoothFreeResult> {
  const found = await lockLicenseByKeyHash(tx, keyHash);
  if (!found) return { ok: false, code: 'NOT_FOUND' };
  if (found.deviceId === null) return { ok: false, code: 'NOT_ACTIVATED' };
  if (found.deviceId !== booth.deviceId) return { ok: false, code: 'DEVICE_MISMATCH' };
  const recent = await tx
    .select({ createdAt: licenseDeactivations.createdAt })
    .from(licenseDeactivations)
    .where(and(eq(licenseDeactivations.licenseId, found.id), gte(licenseDeactivations.createdAt, new Date(now.getTime() - DEACTIVATION_WINDOW_MS))))
    .orderBy(asc(licenseDeactivations.createdAt));
  if (recent.length >= DEACTIVATIONS_PER_WINDOW) {
    const frees = recent[recent.length - DEACTIVATIONS_PER_WINDOW]!.createdAt.getTime() + DEACTIVATION_WINDOW_MS;
    return { ok: false, code: 'DEACTIVATION_LIMIT', retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)) };
  }
  await tx.insert(licenseDeactivations).values({ licenseId: found.id, deviceId: found.deviceId, ip: booth.ip, createdAt: now });
  await writeLicense(tx, found.id, { deviceId: null, deviceBoundAt: null, deviceName: null });
  return { ok: true };
}
