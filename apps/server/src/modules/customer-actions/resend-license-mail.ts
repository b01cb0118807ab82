import { isLicenseUnstarted, startsOnFirstActivation } from '@lbs/domain/license-terms';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { greeting } from '@lbs/domain/greeting';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { enqueueMail } from '../outbox/enqueue';
import { customerDate } from '../notifications/customer-date';
import { customerOf } from '../notifications/customer-of';
import { lockLicense } from '../license-changes/lock-license';
import { licenseLabel } from '../audit/audit-labels';
import { planName } from '../license-changes/license-words';

/**
 * Mails the customer their licence key again (they lost the mail, or it went to spam), with its
 * terms as they are now: a key that was renewed or extended since shows its current end. It goes
 * to the account's address, which may be newer than the one the key was first mailed to. Nothing
 * changes, so there is no notification; the audit row records who sent it. A revoked key is not
 * sent (409): it would only confuse.
 */
export async function resendLicenseMail(db: Db, actor: AuditActor, licenseId: string) {
  return db.transaction(async (tx) => {
    const license = await lockLicense(tx, licenseId, { notRevoked: true });
    const customer = (await customerOf(tx, license.userId))!;
    const date = (d: Date) => customerDate(d, customer.timeZone);
    const rows: Array<[string, string]> = [
      ['License key', license.licenseKey],
      ['Plan', planName(license)],
    ];
    if (isLicenseUnstarted(license) && startsOnFirstActivation(license.type)) {
      rows.push(['Starts', MSG.licenseStartsOnFirstActivation], ['Activate by', date(license.activateBy!)]);
    } else {
      rows.push(['Valid from', date(license.startAt)], ['Valid until', license.expiresAt ? date(license.expiresAt) : 'Never expires']);
    }
    if (license.deviceId) rows.push(['Activated on', license.deviceName ?? 'a device']);
    if (license.suspendedAt) rows.push(['Status', 'Suspended (please contact us)']);
    await enqueueMail(tx, {
      to: customer.email,
      subject: headerSafe('Your LentiBooth license key'),
      ...renderMail({
        title: 'Your license key',
        paragraphs: [greeting({ firstName: customer.firstName, username: customer.username }), 'As requested, here is your LentiBooth license key again. It activates LentiBooth on one device.'],
        rows,
      }),
    });
    await recordAdminAction(tx, {
      actor,
      action: 'license.mail_resent',
      target: { type: 'license', id: license.id },
      before: null,
      after: { to: customer.email },
      label: licenseLabel(license),
      subjectUserId: license.userId,
    });
    return { detail: CUSTOMER_ACTION_MSG.licenseMailSent };
  });
}
