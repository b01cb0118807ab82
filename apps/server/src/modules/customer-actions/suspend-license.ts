import { eq } from 'drizzle-orm';
import { CUSTOMER_ACTION_MSG, type TLicenseReinstateBody, type TLicenseSuspendBody } from '@lbs/domain/customer-actions';
import { isLicenseExpired } from '@lbs/domain/license-terms';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';
import { licensesChanged } from '../license-server/licenses-changed';
import { conflict } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { auditView } from '../licenses/generate-license';
import { adminLicenseJson } from './admin-license-json';
import { customerDate } from './customer-date';
import { customerOf } from './customer-of';
import { lockLicense, type LicenseRow } from './lock-license';
import { licenseLabel } from '../audit/audit-labels';
import { planName, shownKey } from './license-words';
import { tellCustomer } from './tell-customer';

const suspensionView = (l: typeof licenses.$inferSelect) => ({ ...auditView(l), suspended_at: l.suspendedAt?.toISOString() ?? null });

/**
 * Suspends a licence (DESIGN §6.1): the licence server answers SUSPENDED with no lease, so the
 * booth stops at its next check, or, offline, when its current lease ends (nothing is pushed to
 * it). The key and its device are kept and its term keeps running; the customer's own device
 * reset is refused while it lasts (reset-license-device.ts). Revoked or ended licences are not
 * suspended (409): there is nothing left to pause.
 */
export async function suspendLicense(db: Db, actor: AuditActor, licenseId: string, body: TLicenseSuspendBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const before = await lockLicense(tx, licenseId, { notRevoked: true });
    if (before.suspendedAt) throw conflict(CUSTOMER_ACTION_MSG.alreadySuspended);
    if (isLicenseExpired(before.expiresAt, now)) throw conflict(CUSTOMER_ACTION_MSG.licenseEnded);
    const [after] = await tx.update(licenses).set({ suspendedAt: now }).where(eq(licenses.id, before.id)).returning();
    await licensesChanged(tx, [before.id]);
    const customer = (await customerOf(tx, before.userId))!;
    await tellCustomer(tx, customer, {
      type: 'license_expired',
      title: 'License suspended',
      message: `Our team suspended your ${planName(before)} (key ${shownKey(before)}). Reason: ${body.reason}`,
      mailNote:
        'LentiBooth stops working with this key at its next licence check (a booth without internet at the latest when its offline allowance ends). Keep the key: it works again, on the same device, once we reinstate it. Its term keeps running meanwhile. Please reply to this email if you have questions.',
      subject: 'Your LentiBooth license was suspended',
      rows: suspensionMailRows(before, customer.timeZone),
    });
    await recordAdminAction(tx, {
      actor,
      action: 'license.suspended',
      target: { type: 'license', id: before.id },
      before: suspensionView(before),
      after: { ...suspensionView(after!), reason: body.reason },
      label: licenseLabel(before),
      subjectUserId: before.userId,
    });
    return adminLicenseJson(tx, after!, now);
  });
}

/**
 * Lifts a suspension: the licence server answers VALID again with a lease, on the same device.
 * Only a suspended, unrevoked licence can be reinstated (409 otherwise). One that ran out while
 * suspended is reinstated all the same (it then answers EXPIRED, and can be extended).
 */
export async function reinstateLicense(db: Db, actor: AuditActor, licenseId: string, body: TLicenseReinstateBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const before = await lockLicense(tx, licenseId, { notRevoked: true });
    if (!before.suspendedAt) throw conflict(CUSTOMER_ACTION_MSG.notSuspended);
    const [after] = await tx.update(licenses).set({ suspendedAt: null }).where(eq(licenses.id, before.id)).returning();
    await licensesChanged(tx, [before.id]);
    const customer = (await customerOf(tx, before.userId))!;
    await tellCustomer(tx, customer, {
      type: 'license_purchase',
      title: 'License reinstated',
      message: `Our team reinstated your ${planName(before)} key ${shownKey(before)}: it works again on its device.${body.reason ? ` Note: ${body.reason}` : ''}`,
      mailNote: 'There is nothing to re-activate: LentiBooth picks it up at its next licence check.',
      subject: 'Your LentiBooth license works again',
      rows: suspensionMailRows(before, customer.timeZone),
    });
    await recordAdminAction(tx, {
      actor,
      action: 'license.reinstated',
      target: { type: 'license', id: before.id },
      before: suspensionView(before),
      after: { ...suspensionView(after!), reason: body.reason ?? null },
      label: licenseLabel(before),
      subjectUserId: before.userId,
    });
    return adminLicenseJson(tx, after!, now);
  });
}

/** The suspend and reinstate mails' lines: which key, its plan, and the end its term keeps. */
function suspensionMailRows(license: LicenseRow, timeZone: string): Array<[string, string]> {
  return [
    ['License key', shownKey(license)],
    ['Plan', planName(license)],
    ['Valid until', license.expiresAt ? customerDate(license.expiresAt, timeZone) : 'Never expires'],
  ];
}
