import type { TSession, TUser } from '@lbs/domain/responses';
import type { users } from '../../db/schema';

/** The user as the API shows it (ZUser): the spec's field names, and never the password hash. */
export function toUserJson(u: typeof users.$inferSelect): TUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    photoURL: u.photoUrl,
    is_email_verified: u.isEmailVerified,
    first_name: u.firstName,
    last_name: u.lastName,
    created_at: u.createdAt.toISOString(),
    pending_email: u.pendingEmail,
    country: u.country,
  };
}

/** What sign-in (and every call that signs the user in) answers (ZSession). */
export const toSessionJson = (u: typeof users.$inferSelect, token: string): TSession => ({
  user: toUserJson(u),
  access_token: token,
  token_type: 'bearer',
});
