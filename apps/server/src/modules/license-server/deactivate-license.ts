import type { TLicenseDeactivateBody, TLicenseDeactivated } from '@lbs/domain/license-server';
import type { Db } from '../../db/client';
import { freeBoothDevice } from '../license-changes/free-booth-device';
import type { LicenseClient } from './activate-license';
import { hashLicenseKey } from './find-license';
import { LicenseRefusal } from './license-refusal';

/**
 * POST /licenses/deactivate: the booth frees its device (freeBoothDevice), refusals worded for the
 * desktop program: an unbound key or another device 409, the deactivation limit 429 with
 * Retry-After.
 */
export async function deactivateLicense(
  db: Db,
  body: TLicenseDeactivateBody,
  client: LicenseClient,
  now = new Date(),
): Promise<TLicenseDeactivated> {
  const freed = await db.transaction((tx) => freeBoothDevice(tx, hashLicenseKey(body.license_key), { deviceId: body.device_id, ip: client.ip }, now));
  if (freed.ok) return { deactivated: true as const };
  if (freed.code === 'DEACTIVATION_LIMIT') throw new LicenseRefusal(freed.code, { retryAfterSeconds: freed.retryAfterSeconds });
  throw freed.code === 'NOT_FOUND' ? new LicenseRefusal(freed.code) : new LicenseRefusal(freed.code, { status: 'conflict' });
}
