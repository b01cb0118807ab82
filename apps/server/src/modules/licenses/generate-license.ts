import { eq } from 'drizzle-orm';
import { adminLicenseExpiry, isLicenseExpired, startsOnFirstActivation, unstartedPassTerms } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { TLicenseCreateBody } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { issueLicenseByAdmin, type IssuedTerms } from '../license-changes/issue-licenses';
import { customerOf } from '../notifications/customer-of';
import { toLicenseJson } from './license-json';

/**
 * An admin-generated key for an existing account: a licence type counted from start_date (default
 * now; an admin `onetime` never expires) or a custom start/end range. The key, the customer's
 * mail, their notification and the audit row commit together (issueLicenseByAdmin).
 */
export async function generateLicense(db: Db, actor: AuditActor, body: TLicenseCreateBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    if (!user) throw notFound(`No account uses ${body.email}; the customer must sign up first`);
    const terms = adminLicenseTerms(body, now);
    // A key that has already ended is of no use to anyone, and is most likely a typo in a date.
    if (isLicenseExpired(terms.expiresAt, now)) throw badRequest(`end_date: ${MSG.adminLicenseEndInPast}`);
    const license = await issueLicenseByAdmin(tx, actor, (await customerOf(tx, user.id))!, body.mode, terms, now);
    return toLicenseJson(license, now, null);
  });
}

/**
 * The term of an admin-generated key. A Daily key without a start date is an unused pass, as a
 * bought one is (DESIGN §6.1): its 24 hours start at its first activation. A Daily key with a start
 * date runs on the day the admin chose. Every other mode starts at start_date (default now).
 */
function adminLicenseTerms(body: TLicenseCreateBody, now: Date): IssuedTerms {
  if (startsOnFirstActivation(body.mode) && !body.start_date) return unstartedPassTerms(now);
  const startAt = body.start_date ? new Date(body.start_date) : now;
  const expiresAt = body.mode === 'custom' ? new Date(body.end_date!) : adminLicenseExpiry(body.mode, startAt);
  return { startAt, expiresAt, activateBy: null, unstartedTermHours: null };
}
