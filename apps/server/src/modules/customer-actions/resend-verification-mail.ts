import { and, eq, gt } from 'drizzle-orm';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import type { AppContext } from '../../app-context';
import { emailTokens, users } from '../../db/schema';
import { conflict, notFound, tooManyRequests } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { verificationMail } from '../auth/auth-mail';
import { logAuthEvent, type RequestMeta } from '../auth/auth-events';
import { issueEmailToken } from '../auth/email-tokens';
import { AUTH_ACCOUNT_LIMITS } from '../auth/rate-limits';
import { enqueueMail } from '../outbox/enqueue';

/**
 * Mails an unverified customer a fresh verification link: the sign-up's own mail (verificationMail)
 * and token, logged as the auth module logs a resend. A verified account answers 409. The
 * per-address limit of the customer's own resend (one a minute) holds here too, counted from the
 * links themselves, so an admin's and the customer's clicks share it in every process.
 */
export async function resendVerificationMail(ctx: AppContext, actor: AuditActor, userId: number, meta: RequestMeta, now = new Date()) {
  return ctx.db.transaction(async (tx) => {
    // Locked, so two resends at once cannot both pass the limit.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound(CUSTOMER_ACTION_MSG.userNotFound);
    if (user.isEmailVerified) throw conflict(CUSTOMER_ACTION_MSG.alreadyVerified);
    const since = new Date(now.getTime() - AUTH_ACCOUNT_LIMITS.mailPerAddress.timeWindow);
    const [recent] = await tx
      .select({ id: emailTokens.id })
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'verify_email'), gt(emailTokens.createdAt, since)))
      .limit(1);
    if (recent) throw tooManyRequests(CUSTOMER_ACTION_MSG.verificationMailWait);
    const token = await issueEmailToken(tx, { userId: user.id, email: user.email, purpose: 'verify_email' });
    await enqueueMail(tx, verificationMail(user.email, ctx.config.publicUrl, token, { firstName: user.firstName, username: user.username }));
    await logAuthEvent(tx, 'verification_sent', meta, { userId: user.id, email: user.email });
    await recordAdminAction(tx, {
      actor,
      action: 'user.verification_resent',
      target: { type: 'user', id: user.id },
      before: null,
      after: { to: user.email },
      label: user.email,
      subjectUserId: user.id,
    });
    return { detail: CUSTOMER_ACTION_MSG.verificationMailSent };
  });
}
