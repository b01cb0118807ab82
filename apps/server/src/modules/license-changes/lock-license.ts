import { and, eq, type SQL } from 'drizzle-orm';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { MSG } from '@lbs/domain/messages';
import type { Tx } from '../../db/client';
import { licenses } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { LicenseRow } from './write-licenses';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The licence a verb changes, row-locked until the transaction ends (an activation, a refund or
 * an admin's action on the same key waits, and then sees the change). Unknown ids, and with
 * `ownerId` another customer's licence, answer 404 alike; with `notRevoked`, a revoked licence
 * 409, since revoking is final.
 */
export async function lockLicense(
  tx: Tx,
  licenseId: unknown,
  opts: { notRevoked?: boolean; ownerId?: number } = {},
): Promise<LicenseRow> {
  const license = await lockLicenseIfAny(tx, licenseId, opts);
  if (!license) throw notFound(MSG.licenseNotFound);
  if (opts.notRevoked && license.revokedAt) throw conflict(CUSTOMER_ACTION_MSG.licenseRevoked);
  return license;
}

/** As lockLicense, answering undefined for no such licence (or another customer's) instead of 404. */
export async function lockLicenseIfAny(tx: Tx, licenseId: unknown, opts: { ownerId?: number } = {}): Promise<LicenseRow | undefined> {
  // Anything but a UUID names no licence (and must not reach a uuid column).
  if (typeof licenseId !== 'string' || !UUID.test(licenseId)) return undefined;
  return lockOne(tx, eq(licenses.id, licenseId), opts.ownerId);
}

/**
 * The licence a key names (by its hash: the key itself never reaches a query), row-locked, or
 * undefined. With `ownerId`, only that customer's: another's is not found, as an unknown key.
 */
export function lockLicenseByKeyHash(tx: Tx, keyHash: string, opts: { ownerId?: number } = {}): Promise<LicenseRow | undefined> {
  return lockOne(tx, eq(licenses.keyHash, keyHash), opts.ownerId);
}

async function lockOne(tx: Tx, where: SQL, ownerId: number | undefined): Promise<LicenseRow | undefined> {
  const [license] = await tx
    .select()
    .from(licenses)
    .where(ownerId === undefined ? where : and(where, eq(licenses.userId, ownerId)))
    .for('update');
  return license;
}
