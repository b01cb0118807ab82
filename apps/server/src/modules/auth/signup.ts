import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TSignupBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { enqueueMail } from '../outbox/enqueue';
import { verificationMail } from './auth-mail';
import { logAuthEvent, type RequestMeta } from './auth-events';
import { isUniqueViolation } from '../../db/errors';
import { issueEmailToken } from './email-tokens';

/**
 * Creates an unverified account with role 'user' (whatever else the body says) and mails the
 * verification link. The address is already trimmed and lower-cased by the schema.
 */
export async function signUp(ctx: AppContext, input: TSignupBody['user'], meta: RequestMeta) {
  // Hashing is the slow part; it happens before the transaction so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (taken) throw badRequest(MSG.emailAlreadyRegistered);
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          role: 'user',
          isEmailVerified: false,
          // The zone the sign-up form preselected from the browser (or the customer picked); the column's default otherwise.
          ...(input.time_zone ? { timeZone: input.time_zone } : {}),
        })
        .returning();
      const token = await issueEmailToken(tx, { userId: user!.id, email: user!.email, purpose: 'verify_email' });
      await enqueueMail(tx, verificationMail(user!.email, ctx.config.publicUrl, token, { firstName: user!.firstName, username: user!.username }));
      await logAuthEvent(tx, 'signup', meta, { userId: user!.id, email: user!.email });
      return user!;
    });
  } catch (err) {
    // Two sign-ups for one address at once: the unique index lets exactly one through.
    if (isUniqueViolation(err)) throw badRequest(MSG.emailAlreadyRegistered);
    throw err;
  }
}
