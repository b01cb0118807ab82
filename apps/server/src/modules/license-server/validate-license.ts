import { eq, sql } from 'drizzle-orm';
import { LICENSE_CODE_MESSAGES, type TLicenseValidateBody, type TLicenseValidation } from '@lbs/domain/license-server';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';
import type { LicenseClient } from './activate-license';
import { licenseStanding } from '@lbs/domain/license-standing';
import { hashLicenseKey, toServerLicense } from './find-license';
import type { LicenseCheckLog } from './license-check-log';
import type { LeaseIssuer } from './lease';
import type { LicenseRowCache } from './license-row-cache';
import { paymentDueOf } from './payment-due';

// Prepared once per database (a named statement on PostgreSQL: parsed and planned once per
// connection): the one query of a check whose row is not in memory (LicenseRowCache).
const byKeyHashOf = new WeakMap<Db, ReturnType<typeof prepareByKeyHash>>();
function prepareByKeyHash(db: Db) {
  return db
    .select()
    .from(licenses)
    .where(eq(licenses.keyHash, sql`${sql.placeholder('keyHash')}`))
    .prepare('license_by_key_hash');
}
async function findByKeyHash(db: Db, keyHash: string) {
  let query = byKeyHashOf.get(db);
  if (!query) byKeyHashOf.set(db, (query = prepareByKeyHash(db)));
  const [row] = await query.execute({ keyHash });
  return row;
}

/** The licence row of a key hash as a check reads it: from `rows` (memory) when kept, else one prepared query. */
export function checkedLicenseRow(db: Db, rows: LicenseRowCache, keyHash: string) {
  return rows.get(keyHash, () => findByKeyHash(db, keyHash));
}

/**
 * The periodic check: answers 200 with a code for any well-formed request, and a fresh lease only
 * when the licence is valid on this device. An unknown key learns nothing but NOT_FOUND; another
 * device learns nothing but DEVICE_MISMATCH (not even which device holds the licence, which a
 * copy of the key could otherwise impersonate). A call from the bound device records the time,
 * the program version, the client address and the end of the lease it got (written a second later
 * with others: LicenseCheckLog).
 *
 * The row comes from `rows` (memory) when it holds it: the answer and the lease are still worked
 * out from the row and `now` on every call, never kept. In grace (an unpaid automatic renewal,
 * DESIGN §6.3) the answer is VALID with `payment_due`: a warning, never a refusal.
 */
export async function validateLicense(
  db: Db,
  rows: LicenseRowCache,
  leases: LeaseIssuer,
  checks: LicenseCheckLog,
  body: TLicenseValidateBody,
  client: LicenseClient,
  now = new Date(),
): Promise<TLicenseValidation> {
  const keyHash = hashLicenseKey(body.license_key);
  const license = await checkedLicenseRow(db, rows, keyHash);
  if (!license) return { valid: false, code: 'NOT_FOUND', detail: LICENSE_CODE_MESSAGES.NOT_FOUND };
  const code = licenseStanding(license, body.device_id, now);
  const lease = code === 'VALID' ? await leases.issue(license, body.device_id, now) : undefined;
  if (license.deviceId === body.device_id) {
    checks.record(license.id, {
      at: now,
      ip: client.ip,
      appVersion: body.app_version ?? null,
      deviceId: body.device_id,
      leaseExpiresAt: lease === undefined ? undefined : leases.expiryOf(license, body.device_id, now),
    });
  }
  const answer: TLicenseValidation = { valid: code === 'VALID', code, detail: LICENSE_CODE_MESSAGES[code] };
  if (code === 'NOT_YET_VALID') answer.starts_at = license.startAt.toISOString();
  if (license.deviceId === null || license.deviceId === body.device_id) answer.license = toServerLicense(license);
  if (lease !== undefined) answer.lease = lease;
  const paymentDue = code === 'VALID' ? paymentDueOf(license, now, leases.issuer) : undefined;
  if (paymentDue !== undefined) answer.payment_due = paymentDue;
  return answer;
}
