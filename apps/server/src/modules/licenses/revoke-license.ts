import { eq } from 'drizzle-orm';
import { isLicenseExpired } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { auditView } from './generate-license';
import { toLicenseJson } from './license-json';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revoking stamps revoked_at and keeps the row: the licence moves to the customer's Past. */
export async function revokeLicense(db: Db, actor: AuditActor, licenseId: string | number, now = new Date()) {
  // Licence ids are UUIDs; anything else names no licence (and must not reach a uuid column).
  if (typeof licenseId !== 'string' || !UUID.test(licenseId)) throw notFound(MSG.licenseNotFound);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(licenses).where(eq(licenses.id, licenseId)).for('update');
    if (!before) throw notFound(MSG.licenseNotFound);
    if (before.revokedAt) throw conflict(MSG.licenseAlreadyRevoked);
    if (isLicenseExpired(before.expiresAt, now)) throw conflict(MSG.licenseAlreadyExpired);
    const [after] = await tx.update(licenses).set({ revokedAt: now }).where(eq(licenses.id, licenseId)).returning();
    await recordAdminAction(tx, { actor, action: 'license.revoked', target: { type: 'license', id: licenseId }, before: auditView(before), after: auditView(after!) });
    return toLicenseJson(after!, now, null);
  });
}
