import type { DbOrTx } from '../../db/client';
import { authEvents } from '../../db/schema';

export type AuthEvent =
  | 'signup'
  | 'signin'
  | 'signin_failed'
  | 'signin_unverified'
  | 'signout'
  | 'google_signup'
  | 'google_signin'
  | 'google_failed'
  | 'google_claimed_unverified'
  | 'captcha_failed'
  | 'verification_sent'
  | 'email_verified'
  | 'email_changed'
  | 'verify_failed'
  | 'reset_requested'
  | 'reset_requested_unknown'
  | 'password_reset'
  | 'password_changed'
  | 'password_change_failed'
  | 'reset_failed'
  | 'signup_rate_limited'
  | 'signin_rate_limited'
  | 'google_rate_limited'
  | 'reset_rate_limited';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The audit trail of authentication: who, what, from where. Never a password or a token. */
export async function logAuthEvent(
  db: DbOrTx,
  event: AuthEvent,
  meta: RequestMeta,
  who: { userId?: number | null; email?: string | null } = {},
): Promise<void> {
  await db.insert(authEvents).values({ event, ip: meta.ip, userId: who.userId ?? null, email: who.email ?? null });
}
