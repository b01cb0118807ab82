import crypto from 'node:crypto';
import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/session-store';

export interface TestUser {
  id: number;
  email: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/**
 * A verified user with an open session, written straight to the database (no password hashing,
 * no CAPTCHA), for tests of features that only need someone signed in.
 */
export async function createUserWithSession(
  db: Db,
  opts: { email?: string; role?: string; firstName?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user.${crypto.randomBytes(5).toString('hex')}@example.com`;
  const [u] = await db
    .insert(users)
    .values({
      username: email.split('@')[0]!,
      email,
      role: opts.role ?? 'user',
      firstName: opts.firstName ?? 'Test',
      isEmailVerified: opts.verified ?? true,
    })
    .returning({ id: users.id });
  const { token } = await createSession(db, u!.id);
  return { id: u!.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

export const createAdminWithSession = (db: Db, email?: string) => createUserWithSession(db, { email, role: 'admin' });
