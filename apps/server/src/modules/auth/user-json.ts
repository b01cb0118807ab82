import { z } from 'zod';
import type { users } from '../../db/schema';

/** The user as the API shows it: the spec's field names, and never the password hash. */
export const ZUserJson = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  photoURL: z.string().nullable(),
  is_email_verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.string(),
  /** A new address waiting for its owner to confirm it; null when none. */
  pending_email: z.string().nullable(),
});
export type TUserJson = z.infer<typeof ZUserJson>;

export function toUserJson(u: typeof users.$inferSelect): TUserJson {
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
  };
}

/** What sign-in (and every call that signs the user in) answers. */
export const ZSessionJson = z.object({ user: ZUserJson, access_token: z.string(), token_type: z.literal('bearer') });
export type TSessionJson = z.infer<typeof ZSessionJson>;

export const toSessionJson = (u: typeof users.$inferSelect, token: string): TSessionJson => ({
  user: toUserJson(u),
  access_token: token,
  token_type: 'bearer',
});
