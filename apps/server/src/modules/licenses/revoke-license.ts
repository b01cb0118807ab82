import { eq } from 'drizzle-orm';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { greeting } from '@lbs/domain/greeting';
import { isLicenseExpired, truncateKey } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { Db, Tx } from '../../db/client';
import { licenses, users } from '../../db/schema';
import { licensesChanged } from '../license-server/licenses-changed';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import { conflict, notFound } from '../../lib/app-error';
import { licenseLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { createNotification } from '../notifications/create-notification';
import { enqueueMail } from '../outbox/enqueue';
import { auditView } from './generate-license';
import { toLicenseJson } from './license-json';
import { customDeviceName, findBoothNames } from './find-booth-names';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revoking stamps revoked_at and keeps the row: the licence moves to the customer's Past. The
 * customer hears of it (a notification and a mail, committed with the revocation): their booth
 * stops at its next licence check, and they should know why before the event, not at it.
 */
export async function revokeLicense(db: Db, actor: AuditActor, licenseId: string | number, now = new Date()) {
  // Licence ids are UUIDs; anything else names no licence (and must not reach a uuid column).
  if (typeof licenseId !== 'string' || !UUID.test(licenseId)) throw notFound(MSG.licenseNotFound);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(licenses).where(eq(licenses.id, licenseId)).for('update');
    if (!before) throw notFound(MSG.licenseNotFound);
    if (before.revokedAt) throw conflict(MSG.licenseAlreadyRevoked);
    if (isLicenseExpired(before.expiresAt, now)) throw conflict(MSG.licenseAlreadyExpired);
    const [after] = await tx.update(licenses).set({ revokedAt: now, revokedReason: 'admin' }).where(eq(licenses.id, licenseId)).returning();
    await licensesChanged(tx, [licenseId]);
    await tellOwnerOfRevocation(tx, after!);
    await recordAdminAction(tx, {
      actor,
      action: 'license.revoked',
      target: { type: 'license', id: licenseId },
      label: licenseLabel(before),
      subjectUserId: before.userId,
      before: auditView(before),
      after: auditView(after!),
    });
    return toLicenseJson(after!, now, null, customDeviceName(await findBoothNames(tx, [after!]), after!));
  });
}

/** The customer's notification and mail that their key was revoked (the key shown truncated). */
async function tellOwnerOfRevocation(tx: Tx, license: typeof licenses.$inferSelect) {
  const [owner] = await tx.select({ firstName: users.firstName, username: users.username }).from(users).where(eq(users.id, license.userId));
  const plan = findPlanByLicenseType(license.type)?.name ?? 'LentiBooth license';
  const key = truncateKey(license.licenseKey);
  await createNotification(tx, {
    userId: license.userId,
    type: 'license_expired',
    title: 'License revoked',
    message: `Your ${plan} key ${key} was revoked. LentiBooth stops working on its device at its next licence check. Please contact us if you did not expect this.`,
  });
  await enqueueMail(tx, {
    to: license.email,
    subject: headerSafe('Your LentiBooth license was revoked'),
    ...renderMail({
      title: 'Your license was revoked',
      paragraphs: [
        `${greeting({ firstName: owner?.firstName, username: owner?.username })} your ${plan} key ${key} was revoked by our team.`,
        'LentiBooth stops working on its device at its next licence check (at the latest when its offline allowance ends). Please reply to this email or contact us if you did not expect this.',
      ],
      rows: [
        ['License key', key],
        ['Plan', plan],
      ],
    }),
  });
}
