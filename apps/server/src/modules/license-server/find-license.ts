import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isLicenseExpired } from '@lbs/domain/license-terms';
import type { LicenseValidationCode, TLicenseServerLicense } from '@lbs/domain/license-server';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';

export type LicenseRow = typeof licenses.$inferSelect;

/**
 * What licences are looked up by: SHA-256 of the key, hex. The database computes the same from
 * the stored key (licenses.key_hash, a generated column), so the key itself never appears in a
 * query, its parameters or a rate-limit key. Every licence check hashes its key: crypto.hash, the
 * one-shot form, takes a third of createHash's time (0.3 against 0.8 µs).
 */
export function hashLicenseKey(key: string): string {
  return crypto.hash('sha256', key, 'hex');
}

/** The licence a key names, or undefined; `lock` takes its row lock (inside a transaction). */
export async function findLicenseByKey(db: DbOrTx, key: string, opts: { lock?: boolean } = {}): Promise<LicenseRow | undefined> {
  return findLicenseByKeyHash(db, hashLicenseKey(key), opts);
}

/**
 * As findLicenseByKey, by the key's hash (an offline request carries the key's fingerprint, not
 * the key). With `ownerId`, only that customer's licence: another's is not found, exactly as an
 * unknown key, and its row is not locked.
 */
export async function findLicenseByKeyHash(
  db: DbOrTx,
  keyHash: string,
  opts: { lock?: boolean; ownerId?: number } = {},
): Promise<LicenseRow | undefined> {
  const byHash = eq(licenses.keyHash, keyHash);
  const query = db
    .select()
    .from(licenses)
    .where(opts.ownerId === undefined ? byHash : and(byHash, eq(licenses.userId, opts.ownerId)));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/**
 * Whether `license` can be used on `deviceId` now, and if not, why. Checked in Keygen's order
 * (DESIGN §6.1): revoked, then suspended (an admin may reinstate it), then not yet started, then
 * expired, then the device binding. A Daily pass not yet started by its first activation has
 * started as far as the start and expiry go (its start is the activation that asks), but is not
 * VALID before that activation, even on a device it kept from an earlier term.
 */
export function licenseStanding(license: LicenseRow, deviceId: string, now: Date): Exclude<LicenseValidationCode, 'NOT_FOUND'> {
  if (license.revokedAt !== null) return 'REVOKED';
  if (license.suspendedAt !== null) return 'SUSPENDED';
  if (license.startAt.getTime() > now.getTime()) return 'NOT_YET_VALID';
  if (isLicenseExpired(license.expiresAt, now)) return 'EXPIRED';
  if (license.deviceId === null) return 'NOT_ACTIVATED';
  if (license.deviceId !== deviceId) return 'DEVICE_MISMATCH';
  // A Daily pass renewed after it ended is unused again but keeps its device: only an activation
  // starts its hours, so its device is told to activate rather than handed a lease for nothing.
  if (license.activateBy !== null) return 'NOT_ACTIVATED';
  return 'VALID';
}

/** The licence as the desktop program sees it. */
export function toServerLicense(license: LicenseRow): TLicenseServerLicense {
  return {
    id: license.id,
    type: license.type,
    starts_at: license.startAt.toISOString(),
    expires_at: license.expiresAt?.toISOString() ?? null,
    device_id: license.deviceId,
    activate_by: license.activateBy?.toISOString() ?? null,
  };
}
