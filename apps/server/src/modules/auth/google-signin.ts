import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TGoogleSigninBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema';
import { fetchGoogleIdentity } from '../../integrations/google/google-identity';
import { badRequest, notFound } from '../../lib/app-error';
import { logAuthEvent, type RequestMeta } from './auth-events';
import { isUniqueViolation } from '../../db/errors';
import { createSession, revokeAllSessions } from './session-store';
import { toSessionJson } from './user-json';

/**
 * Google sign-up or sign-in with the access token from Google's sign-in popup. The account is
 * keyed on Google's subject id. 'signup' creates an account (verified: Google vouches for the
 * address) unless the address is registered; 'signin' finds it by subject id, or by the verified
 * address (linking the Google account to an existing password account). Both sign the user in.
 * Linking to an account whose address was never verified clears its password and revokes its
 * sessions in the same transaction: whoever pre-registered the address loses access to it.
 */
export async function googleSignIn(ctx: AppContext, input: Pick<TGoogleSigninBody, 'id_token' | 'mode' | 'time_zone'>, meta: RequestMeta) {
  const clientId = ctx.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw notFound(MSG.googleNotConfigured);
  const identity = await fetchGoogleIdentity(input.id_token, { clientId, baseUrl: ctx.config.GOOGLE_API_BASE_URL });
  if (!identity) {
    await logAuthEvent(ctx.db, 'google_failed', meta);
    throw badRequest(MSG.googleTokenRejected);
  }
  if (!identity.emailVerified) {
    await logAuthEvent(ctx.db, 'google_failed', meta, { email: identity.email });
    throw badRequest(MSG.googleEmailNotVerified);
  }
  try {
    const session = await ctx.db.transaction(async (tx) => {
      const [bySub] = await tx.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
      const [byEmail] = bySub ? [bySub] : await tx.select().from(users).where(eq(users.email, identity.email)).limit(1);
      let user = bySub ?? byEmail;
      if (input.mode === 'signup') {
        if (user) throw badRequest(MSG.emailAlreadyRegistered);
        [user] = await tx
          .insert(users)
          .values({
            username: identity.name ?? identity.email.split('@')[0]!,
            email: identity.email,
            googleSub: identity.sub,
            role: 'user',
            firstName: identity.givenName ?? '',
            lastName: identity.familyName ?? '',
            photoUrl: identity.picture,
            isEmailVerified: true,
            ...(input.time_zone ? { timeZone: input.time_zone } : {}),
          })
          .returning();
      } else {
        if (!user) throw notFound(MSG.googleAccountNotFound);
        // An address already tied to a different Google account is not taken over.
        if (user.googleSub && user.googleSub !== identity.sub) throw badRequest(MSG.googleTokenRejected);
        if (!user.googleSub || !user.isEmailVerified) {
          // An address nobody has proven yet may have been pre-registered by someone else: Google
          // now proves who owns it, so that stranger's password and sessions must not survive.
          const claimsUnverified = !user.isEmailVerified;
          [user] = await tx
            .update(users)
            .set({
              googleSub: identity.sub,
              isEmailVerified: true,
              photoUrl: user.photoUrl ?? identity.picture,
              ...(claimsUnverified ? { passwordHash: null } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, user.id))
            .returning();
          if (claimsUnverified) {
            await revokeAllSessions(tx, user!.id);
            await logAuthEvent(tx, 'google_claimed_unverified', meta, { userId: user!.id, email: user!.email });
          }
        }
      }
      const { token } = await createSession(tx, user!.id, meta);
      await logAuthEvent(tx, input.mode === 'signup' ? 'google_signup' : 'google_signin', meta, {
        userId: user!.id,
        email: user!.email,
      });
      return toSessionJson(user!, token);
    });
    // A claimed address's old sessions were revoked: no process may answer them from memory.
    ctx.sessions.forgetUser(session.user.id);
    return session;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MSG.emailAlreadyRegistered);
    throw err;
  }
}
