import { CUSTOMER_ACTION_MSG, extendedLicenseEnd, type TLicenseExtendBody } from '@lbs/domain/customer-actions';
import { initialReminderStage, isLicenseUnstarted } from '@lbs/domain/license-terms';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { customerDate } from '../notifications/customer-date';
import { customerOf } from '../notifications/customer-of';
import { tellCustomer } from '../notifications/tell-customer';
import { abandonRenewalOrder } from '../renewals/abandon-renewal-order';
import { auditView, recordLicenseAction } from './license-audit';
import { planName, shownKey } from './license-words';
import { lockLicense } from './lock-license';
import { writeLicense, type LicenseRow } from './write-licenses';

/**
 * An admin moves a licence's end later (a courtesy, a make-good after an outage), by a date or a
 * number of days (extendedLicenseEnd), with the reason told to the customer. The same key and
 * device keep working; the booth's next validation carries a lease to the new end. Revoked
 * licences stay revoked (409); a key that never expires has nothing to extend (409). A suspended
 * licence may be extended: its term keeps running while suspended, and this is how the shop
 * gives that time back.
 *
 * A Daily pass not yet started has no end yet, only its activate-by date (which `expires_at`
 * mirrors until the first activation): extending it moves that date, giving the customer longer to
 * use the pass; its hours from the first activation stay as they were.
 *
 * An automatic renewal pending for the old end (prepared, being retried, or in grace) is given up
 * (abandonRenewalOrder: its charge stops, a charge in flight that still succeeds is refunded) and
 * the grace ends with it: the renewal job prepares the next one for the new end, since an order
 * is keyed by the licence and the end it follows.
 */
export async function extendLicense(tx: Tx, actor: AuditActor, licenseId: string, body: TLicenseExtendBody, now: Date): Promise<LicenseRow> {
  const before = await lockLicense(tx, licenseId, { notRevoked: true });
  if (!before.expiresAt) throw conflict(CUSTOMER_ACTION_MSG.licenseNeverExpires);
  const customer = (await customerOf(tx, before.userId))!;
  const date = (d: Date) => customerDate(d, customer.timeZone);
  const asked = extendedLicenseEnd(before.expiresAt, body, now, customer.timeZone);
  // A day before the current end depends on the licence (409); one in the past never works (400).
  if ('problem' in asked && asked.problem === 'not_after_current_end') {
    throw conflict(`until: the new end must be after the current end (${date(before.expiresAt)} in the customer's time zone)`);
  }
  if ('problem' in asked) throw badRequest('until: the new end must be in the future');
  const unstarted = isLicenseUnstarted(before);
  const abandoned = await abandonRenewalOrder(tx, { licenseId: before.id, reason: 'licence extended by an admin', now });
  const after = await writeLicense(tx, before.id, {
    expiresAt: asked.end,
    ...(unstarted ? { activateBy: asked.end } : {}),
    reminderStage: initialReminderStage(asked.end, now),
  });
  const what = `${planName(before)} key ${shownKey(before)}`;
  await tellCustomer(tx, customer, {
    type: 'license_purchase',
    title: unstarted ? 'Daily pass extended' : 'License extended',
    message: unstarted
      ? `Our team extended your ${what}: you can now activate it until ${date(asked.end)}. Reason: ${body.reason}`
      : `Our team extended your ${what} until ${date(asked.end)}. Reason: ${body.reason}`,
    mailNote:
      'It is the same key: it keeps working on its device, with nothing to re-activate.' +
      (abandoned !== null ? ' The automatic renewal that was due is cancelled: nothing is charged for it, and the licence renews at its new end instead.' : ''),
    subject: unstarted ? 'Your LentiBooth Daily pass was extended' : 'Your LentiBooth license was extended',
    rows: [
      ['License key', shownKey(before)],
      ['Plan', planName(before)],
      [unstarted ? 'Activate by (was)' : 'Valid until (was)', date(before.expiresAt)],
      [unstarted ? 'Activate by (now)' : 'Valid until (now)', date(asked.end)],
    ],
  });
  const renewal = abandoned !== null ? { renewal_order_abandoned: abandoned } : {};
  await recordLicenseAction(tx, actor, 'license.extended', before, { before: auditView(before), after: { ...auditView(after), reason: body.reason, ...renewal } });
  return after;
}
