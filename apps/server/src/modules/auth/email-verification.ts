import { and, eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { enqueueMail } from '../outbox/enqueue';
import { verificationMail } from './auth-mail';
import { logAuthEvent, type RequestMeta } from './auth-events';
import { isUniqueViolation } from '../../db/errors';
import { consumeEmailToken, emailTokenAddressVerified, issueEmailToken, spendUnusedEmailTokens, type EmailTokenPurpose } from './email-tokens';
import { createSession } from './session-store';
import { toSessionJson } from './user-json';

/**
 * The link from the verification mail (or from an address-change mail): spends the token, marks
 * the address verified and signs the user in, since opening the link proved they own the mailbox
 * (the screen then goes straight to the account area). All or nothing, in one transaction; a
 * link that fails is recorded as verify_failed. A link opened again after the address it was
 * mailed to is verified answers 409 "already verified" rather than a failure (issue 37).
 */
export async function verifyEmail(ctx: AppContext, token: string, meta: RequestMeta) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const purposes: EmailTokenPurpose[] = ['verify_email', 'change_email'];
      const row = await consumeEmailToken(tx, { token, purposes });
      if (!row) {
        // A link opened again once it has done its job says so; it does not sign anyone in.
        if (await emailTokenAddressVerified(tx, token, purposes)) throw conflict(MSG.emailAlreadyVerified);
        throw badRequest(MSG.linkExpiredOrInvalid);
      }
      const [user] =
        row.purpose === 'verify_email'
          ? await tx
              .update(users)
              .set({ isEmailVerified: true, updatedAt: new Date() })
              .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
              .returning()
          : await tx
              .update(users)
              .set({ email: row.email, pendingEmail: null, isEmailVerified: true, updatedAt: new Date() })
              .where(and(eq(users.id, row.userId), eq(users.pendingEmail, row.email)))
              .returning();
      // The account's address changed after the mail was sent: the link no longer applies.
      if (!user) throw badRequest(MSG.linkExpiredOrInvalid);
      // Verified: the other links mailed for it have done their job (each link works once, and
      // only until the address is verified).
      if (row.purpose === 'verify_email') await spendUnusedEmailTokens(tx, user.id, 'verify_email');
      const { token: sessionToken } = await createSession(tx, user.id, meta);
      await logAuthEvent(tx, row.purpose === 'verify_email' ? 'email_verified' : 'email_changed', meta, {
        userId: user.id,
        email: user.email,
      });
      return toSessionJson(user, sessionToken);
    });
  } catch (err) {
    await logAuthEvent(ctx.db, 'verify_failed', meta);
    // The new address was taken by another account in the meantime.
    if (isUniqueViolation(err)) throw badRequest(MSG.emailAlreadyRegistered);
    throw err;
  }
}

/**
 * Mails a fresh verification link when the address belongs to an unverified account; says
 * nothing either way, so the answer does not reveal whether an account exists.
 */
export async function resendVerification(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user || user.isEmailVerified) return;
    const token = await issueEmailToken(tx, { userId: user.id, email: user.email, purpose: 'verify_email' });
    await enqueueMail(tx, verificationMail(user.email, ctx.config.publicUrl, token, { firstName: user.firstName, username: user.username }));
    await logAuthEvent(tx, 'verification_sent', meta, { userId: user.id, email: user.email });
  });
}
