import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TLicenseServerLicense } from '@lbs/domain/license-server';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';

export type LicenseRow = typeof licenses.$inferSelect;

/**
 * What licences are looked up by: SHA-256 of the key, hex. The database computes the same from
 * the stored key (licenses.key_hash, a generated column), so the key itself never appears in a
 * query, its parameters or a rate-limit key. Every licence check hashes its key, so with
 * crypto.hash, the one-shot form, which skips createHash's object (decision 0017).
 */
export function hashLicenseKey(key: string): string {
  return crypto.hash('sha256', key, 'hex');
}

/** The licence a key names, or undefined. Read only: the licensing wing locks what it changes. */
export async function findLicenseByKey(db: DbOrTx, key: string): Promise<LicenseRow | undefined> {
  return findLicenseByKeyHash(db, hashLicenseKey(key));
}

/**
 * As findLicenseByKey, by the key's hash (an offline request carries the key's fingerprint, not
 * the key). With `ownerId`, only that customer's licence: another's is not found, exactly as an
 * unknown key.
 */
export async function findLicenseByKeyHash(
  db: DbOrTx,
  keyHash: string,
  opts: { ownerId?: number } = {},
): Promise<LicenseRow | undefined> {
  const byHash = eq(licenses.keyHash, keyHash);
  const query = db
    .select()
    .from(licenses)
    .where(opts.ownerId === undefined ? byHash : and(byHash, eq(licenses.userId, opts.ownerId)));
  const [row] = await query;
  return row;
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
