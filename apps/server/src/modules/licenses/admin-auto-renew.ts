import { ADMIN_AUTO_RENEW_MSG, type TAdminAutoRenewBody } from '@lbs/domain/admin-auto-renew';
import { isInGrace } from '@lbs/domain/renewals';
import type { Tx } from '../../db/client';
import { forbidden } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { auditView, recordLicenseAction } from '../license-changes/license-audit';
import { planName, shownKey } from '../license-changes/license-words';
import { lockLicense } from '../license-changes/lock-license';
import { stopAutoRenew } from '../license-changes/stop-auto-renew';
import type { LicenseRow } from '../license-changes/write-licenses';
import { customerDate } from '../notifications/customer-date';
import { customerOf } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';
import { abandonRenewalOrder } from '../renewals/abandon-renewal-order';
import { licensesPageUrl } from '../renewals/tell-renewal-news';

const renewalView = (l: LicenseRow) => ({
  ...auditView(l),
  auto_renew: l.autoRenew,
  grace_until: l.graceUntil?.toISOString() ?? null,
});

/**
 * PUT /api/admin/licenses/:id/auto-renew (DESIGN §6.3): an admin turns a customer's automatic
 * renewal off. It takes effect at once and never shortens a paid term; an open renewal order is
 * given up (a charge still in flight that succeeds is refunded by fulfilment), so a licence in
 * grace ends now, as when its holder turns renewal off. Written by the wing's verb (stopAutoRenew:
 * a renewal_choices row, actor admin), audited, and the holder told once (notification and mail),
 * all in the caller's transaction. Turning it on is 403: only the holder may, it charges their
 * card. A licence that does not renew is answered as it is (a second click changes nothing).
 */
export async function adminSetAutoRenew(
  tx: Tx,
  actor: AuditActor,
  change: { licenseId: string; body: TAdminAutoRenewBody; publicUrl: string },
  now: Date,
): Promise<LicenseRow> {
  const { licenseId, body } = change;
  if (body.auto_renew) throw forbidden(ADMIN_AUTO_RENEW_MSG.onIsHolders);
  const before = await lockLicense(tx, licenseId);
  if (!before.autoRenew) return before;
  const wasInGrace = isInGrace(before, now);
  const reason = body.reason?.trim() || null;
  const orderId = await abandonRenewalOrder(tx, { licenseId: before.id, reason: 'automatic renewal turned off', now });
  const after = (await stopAutoRenew(tx, before.id, { actor: 'admin', adminId: actor.id, reason: reason ?? 'turned off by an admin', now, orderId }))!;
  const customer = await customerOf(tx, before.userId);
  if (customer) {
    const plan = planName(before);
    const key = shownKey(before);
    const end = before.expiresAt ? customerDate(before.expiresAt, customer.timeZone) : null;
    // In grace the term has already ended unpaid: giving up its renewal ends the licence now.
    const what = wasInGrace
      ? `Its renewal was due since ${end} and unpaid, so it has now ended and will not be charged.`
      : `It will not be charged again${end ? ` and stays active until ${end}` : ''}.`;
    await tellCustomer(tx, customer, {
      type: wasInGrace ? 'license_expired' : 'license_expiring',
      title: 'Automatic renewal turned off',
      subject: `Automatic renewal of your LentiBooth ${plan} was turned off`,
      message: `Our team turned off automatic renewal of your ${plan} ${key}. ${what}${reason ? ` Reason: ${reason}` : ''}`,
      rows: [
        ['License', key],
        ['Plan', plan],
        [wasInGrace ? 'Ended' : 'Active until', wasInGrace ? customerDate(now, customer.timeZone) : (end ?? 'No end')],
      ],
      mailNote: `${wasInGrace ? 'You can renew it' : 'You can turn automatic renewal back on'} under Licences in your account: ${licensesPageUrl(change.publicUrl)}`,
    });
  }
  await recordLicenseAction(tx, actor, 'license.auto_renew_stopped', before, {
    before: renewalView(before),
    after: { ...renewalView(after), reason, renewal_order_cancelled: orderId },
  });
  return after;
}
