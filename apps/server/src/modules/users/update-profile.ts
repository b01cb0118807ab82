import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TProfileBody } from '@lbs/domain/schemas';
import { MSG } from '@lbs/domain/messages';
import type { AppContext } from '../../app-context';
import { emailTokens, users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { enqueueMail } from '../outbox/enqueue';
import { issueEmailToken } from '../auth/email-tokens';
import { toUserJson } from '../auth/user-json';
import { emailChangeMail, emailChangeRequestedNotice, emailChangeTakenMail } from './profile-mail';

type UserRow = typeof users.$inferSelect;

/** The user as /users/me shows it, plus the address waiting for confirmation, if any. */
const toProfileJson = (u: UserRow) => ({ ...toUserJson(u), pending_email: u.pendingEmail });

/**
 * Saves names at once. A different email is not applied: it is parked as pending_email and a
 * confirmation link goes to it (the account keeps signing in with the old one until then), and
 * the current address is told. Giving the current email again cancels a pending change.
 *
 * An address another account already uses is answered exactly like a free one, so the form
 * cannot be used to find out who has an account: the mail to that address says it is taken,
 * and no link is issued, so the change can never be confirmed.
 */
export async function updateProfile(ctx: AppContext, userId: number, body: TProfileBody) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw notFound(MSG.userNotFound);
    const email = body.email;
    const changing = email !== current.email;
    const restarting = changing && email !== current.pendingEmail;
    const [user] = await tx
      .update(users)
      .set({
        firstName: body.first_name,
        lastName: body.last_name ?? '',
        pendingEmail: changing ? email : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (current.pendingEmail && (!changing || restarting)) {
      // The change was called off or replaced: its link must stop working.
      await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change_email'), isNull(emailTokens.usedAt)));
    }
    // Saving the form again with the same pending address does not mail again.
    if (restarting) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
        .limit(1);
      if (taken) {
        await enqueueMail(tx, emailChangeTakenMail(email));
      } else {
        const token = await issueEmailToken(tx, { userId, email, purpose: 'change_email' });
        await enqueueMail(tx, emailChangeMail(email, ctx.config.publicUrl, token));
      }
      await enqueueMail(tx, emailChangeRequestedNotice(current.email, email));
    }
    return toProfileJson(user!);
  });
}
