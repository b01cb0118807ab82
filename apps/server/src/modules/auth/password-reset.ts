import { and, eq, TransactionRollbackError } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TResetPasswordBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { badRequest, forbidden, unauthorized } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { SessionUser } from '../../plugins/auth';
import { enqueueMail } from '../outbox/enqueue';
import { passwordResetMail } from './auth-mail';
import { logAuthEvent, type RequestMeta } from './auth-events';
import { consumeEmailToken, findLiveEmailToken, issueEmailToken } from './email-tokens';
import { revokeAllSessions } from './session-store';

/** Mails a reset link (valid 1 h) when the address has an account; silent otherwise. */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) {
      await logAuthEvent(tx, 'reset_requested_unknown', meta, { email });
      return;
    }
    const token = await issueEmailToken(tx, { userId: user.id, email: user.email, purpose: 'reset_password' });
    await enqueueMail(tx, passwordResetMail(user.email, ctx.config.publicUrl, token, { firstName: user.firstName, username: user.username }));
    await logAuthEvent(tx, 'reset_requested', meta, { userId: user.id, email: user.email });
  });
}

/** The reset screen's first step: is the link live? Answers the address it was sent to. */
export async function checkResetToken(ctx: AppContext, token: string): Promise<{ email: string }> {
  const row = await findLiveEmailToken(ctx.db, token, 'reset_password');
  if (!row) throw badRequest(MSG.linkExpiredOrInvalid);
  return { email: row.email };
}

export interface Caller {
  user: SessionUser | null;
  sessionId: number | null;
}

/**
 * Sets a new password, with proof: the token from the reset mail (then every session of the
 * account is revoked, and the address counts as verified), or the caller's own live session for
 * that same address plus its current password (the profile screen; the caller's other sessions
 * are revoked). A session alone is not proof enough: whoever stole one could otherwise lock the
 * owner out. An account without a password (Google only) sets its first one through the mail.
 * Anything else changes nothing.
 */
export async function resetPassword(ctx: AppContext, input: TResetPasswordBody, caller: Caller, meta: RequestMeta): Promise<void> {
  if (input.token === undefined) {
    if (!caller.user) throw unauthorized(MSG.resetNeedsProof);
    if (caller.user.email !== input.email) throw forbidden(MSG.resetOwnPasswordOnly);
    if (!caller.user.passwordHash) throw badRequest(MSG.noPasswordUseReset);
    if (!input.current_pwd) throw badRequest(MSG.currentPasswordRequired);
    if (!(await verifyPassword(caller.user.passwordHash, input.current_pwd))) {
      await logAuthEvent(ctx.db, 'password_change_failed', meta, { userId: caller.user.id, email: caller.user.email });
      throw badRequest(MSG.currentPasswordWrong);
    }
  }
  const passwordHash = await hashPassword(input.new_pwd);
  let changedUserId: number | undefined;
  const done = await ctx.db.transaction(async (tx) => {
    if (input.token !== undefined) {
      const row = await consumeEmailToken(tx, { token: input.token, purposes: ['reset_password'], email: input.email });
      if (!row) return false;
      const [user] = await tx
        .update(users)
        .set({ passwordHash, isEmailVerified: true, updatedAt: new Date() })
        .where(and(eq(users.id, row.userId), eq(users.email, row.email)))
        .returning({ id: users.id, email: users.email });
      // The account's address changed after the mail was sent: undo spending the token too.
      if (!user) tx.rollback();
      await revokeAllSessions(tx, user!.id);
      changedUserId = user!.id;
      await logAuthEvent(tx, 'password_reset', meta, { userId: user!.id, email: user!.email });
      return true;
    }
    const user = caller.user!;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, caller.sessionId ?? undefined);
    changedUserId = user.id;
    await logAuthEvent(tx, 'password_changed', meta, { userId: user.id, email: user.email });
    return true;
  }).catch((err: unknown) => {
    if (err instanceof TransactionRollbackError) return false;
    throw err;
  });
  // The revoked sessions must fail from the next request on, in this process too (session cache).
  if (done && changedUserId !== undefined) ctx.sessions.forgetUser(changedUserId);
  if (!done) {
    await logAuthEvent(ctx.db, 'reset_failed', meta, { email: input.email });
    throw badRequest(MSG.linkExpiredOrInvalid);
  }
}
