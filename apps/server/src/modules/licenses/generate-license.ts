import { formatDate } from '@lbs/domain/dates';
import { greeting } from '@lbs/domain/greeting';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  adminLicenseExpiry,
  formatLicenseKey,
  initialReminderStage,
  isLicenseExpired,
  LICENSE_KEY_BYTES,
  startsOnFirstActivation,
  unstartedPassTerms,
} from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { TLicenseCreateBody } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { licenses, users } from '../../db/schema';
import { renderMail } from '../../integrations/mail/template';
import { badRequest, notFound } from '../../lib/app-error';
import { licenseLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { createNotification } from '../notifications/create-notification';
import { enqueueMail } from '../outbox/enqueue';
import { toLicenseJson } from './license-json';

/**
 * An admin-generated key for an existing account: a licence type counted from start_date (default
 * now; an admin `onetime` never expires) or a custom start/end range. The key, the customer's
 * mail, their notification and the audit row commit together.
 */
export async function generateLicense(db: Db, actor: AuditActor, body: TLicenseCreateBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.email, body.email));
    if (!user) throw notFound(`No account uses ${body.email}; the customer must sign up first`);
    const terms = adminLicenseTerms(body, now);
    const { startAt, expiresAt } = terms;
    // A key that has already ended is of no use to anyone, and is most likely a typo in a date.
    if (isLicenseExpired(expiresAt, now)) throw badRequest(`end_date: ${MSG.adminLicenseEndInPast}`);
    const [row] = await tx
      .insert(licenses)
      .values({
        licenseKey: formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES)),
        type: body.mode,
        userId: user.id,
        email: user.email,
        ...terms,
        reminderStage: initialReminderStage(expiresAt, now),
      })
      .returning();
    const license = row!;
    // Dates in the customer's zone: 06:57 on the 26th in Singapore is still the 25th in UTC.
    const day = (date: Date) => formatDate(date, user.timeZone);
    const validity = terms.activateBy
      ? `a Daily pass whose 24 hours start when you first activate it (activate it by ${day(terms.activateBy)})`
      : expiresAt
        ? `valid from ${day(startAt)} until ${day(expiresAt)}`
        : `valid from ${day(startAt)}, never expires`;
    await createNotification(tx, {
      userId: user.id,
      type: 'license_purchase',
      title: 'License issued',
      message: `A LentiBooth license was issued to you, ${validity}. Find the key in your email and under Your Subscriptions.`,
    });
    const rows: Array<[string, string]> = terms.activateBy
      ? [
          ['License key', license.licenseKey],
          ['Starts', MSG.licenseStartsOnFirstActivation],
          ['Activate by', day(terms.activateBy)],
        ]
      : [
          ['License key', license.licenseKey],
          ['Valid from', day(startAt)],
          ['Valid until', expiresAt ? day(expiresAt) : 'Never expires'],
        ];
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Your LentiBooth license key',
      ...renderMail({
        title: 'Your license key',
        paragraphs: [`${greeting({ firstName: user.firstName, username: user.username })} a LentiBooth license was issued to your account.`],
        rows,
      }),
    });
    const json = toLicenseJson(license, now, null);
    await recordAdminAction(tx, {
      actor,
      action: 'license.generated',
      target: { type: 'license', id: license.id },
      label: licenseLabel(license),
      subjectUserId: user.id,
      before: null,
      after: auditView(license),
    });
    return json;
  });
}

/**
 * The term of an admin-generated key. A Daily key without a start date is an unused pass, as a
 * bought one is (DESIGN §6.1): its 24 hours start at its first activation. A Daily key with a start
 * date runs on the day the admin chose. Every other mode starts at start_date (default now).
 */
function adminLicenseTerms(body: TLicenseCreateBody, now: Date) {
  if (startsOnFirstActivation(body.mode) && !body.start_date) return unstartedPassTerms(now);
  const startAt = body.start_date ? new Date(body.start_date) : now;
  const expiresAt = body.mode === 'custom' ? new Date(body.end_date!) : adminLicenseExpiry(body.mode, startAt);
  return { startAt, expiresAt, activateBy: null, unstartedTermHours: null };
}

/** The audit's copy of a licence: its terms, never the key itself (the log is read by every admin). */
export function auditView(l: typeof licenses.$inferSelect) {
  return {
    user_id: l.userId,
    email: l.email,
    type: l.type,
    start_at: l.startAt.toISOString(),
    expires_at: l.expiresAt?.toISOString() ?? null,
    revoked_at: l.revokedAt?.toISOString() ?? null,
    activate_by: l.activateBy?.toISOString() ?? null,
  };
}
