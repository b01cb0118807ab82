import { eq } from 'drizzle-orm';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { MSG } from '@lbs/domain/messages';
import type { Tx } from '../../db/client';
import { licenses } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LicenseRow = typeof licenses.$inferSelect;

/**
 * The licence an admin acts on, row-locked until the transaction ends (an activation or the
 * customer's own reset waits, and then sees the change). Unknown ids answer 404; with
 * `notRevoked`, a revoked licence 409, since revoking is final.
 */
export async function lockLicense(tx: Tx, licenseId: string, opts: { notRevoked?: boolean } = {}): Promise<LicenseRow> {
  // Anything but a UUID names no licence (and must not reach a uuid column).
  if (!UUID.test(licenseId)) throw notFound(MSG.licenseNotFound);
  const [license] = await tx.select().from(licenses).where(eq(licenses.id, licenseId)).for('update');
  if (!license) throw notFound(MSG.licenseNotFound);
  if (opts.notRevoked && license.revokedAt) throw conflict(CUSTOMER_ACTION_MSG.licenseRevoked);
  return license;
}
