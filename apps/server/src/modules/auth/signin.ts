import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TSigninForm } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/app-error';
import { burnPasswordCheck, verifyPassword } from '../../lib/password';
import { logAuthEvent, type RequestMeta } from './auth-events';
import { createSession } from './session-store';
import { toSessionJson } from './user-json';

/**
 * Email and password. An unknown address costs the same hashing time as a wrong password and
 * gets the same answer, so neither reveals which accounts exist. Only after a correct password
 * does an unverified account learn it must verify (403 with requires_verification).
 */
export async function signIn(ctx: AppContext, input: TSigninForm, meta: RequestMeta) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    await logAuthEvent(ctx.db, 'signin_failed', meta, { userId: user?.id, email: input.email });
    throw badRequest(MSG.invalidCredentials);
  }
  if (!user.isEmailVerified) {
    await logAuthEvent(ctx.db, 'signin_unverified', meta, { userId: user.id, email: user.email });
    throw forbidden({ message: MSG.emailNotVerified, requires_verification: true, email: user.email });
  }
  const { token } = await createSession(ctx.db, user.id, meta);
  await logAuthEvent(ctx.db, 'signin', meta, { userId: user.id, email: user.email });
  return toSessionJson(user, token);
}
