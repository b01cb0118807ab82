import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AdminSignIn } from '../../lib/start-banner';
import { revokeAllSessions } from '../auth/session-store';

/** Random, and still meets the password rule (upper, lower, digit, special). */
const generatedPassword = () => crypto.randomBytes(12).toString('base64url') + 'aA1!';

/** A new, verified admin account with this password. */
const adminRow = async (email: string, password: string) => ({
  username: 'admin',
  email,
  firstName: 'Admin',
  role: 'admin' as const,
  isEmailVerified: true,
  passwordHash: await hashPassword(password),
});

const showPasswordOnce = (what: 'created' | 'promoted', email: string, password: string) =>
  console.log(`\n  Admin account ${what}: ${email}\n  Password (shown once): ${password}\n`);

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD make sure that admin exists (and can sign in with that password).
 * ADMIN_EMAIL alone promotes a verified account as it is; an unverified one (anybody could have
 * registered it) gets a new password, printed once, and loses its sessions and mailed links.
 * With neither set and no admin at all, one is created and its password printed once.
 */
export async function ensureAdmin(
  db: Db,
  opts: { email?: string; password?: string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<AdminSignIn> {
  if (opts.email) {
    const email = opts.email.trim().toLowerCase();
    const [existing] = await db.select().from(users).where(eq(users.email, email));
    if (!existing) {
      const password = opts.password ?? generatedPassword();
      await db.insert(users).values(await adminRow(email, password));
      // A generated password goes to the terminal once, never into the log stream.
      if (!opts.password) showPasswordOnce('created', email, password);
      log.info(`Created admin ${email}`);
      return { email, password: opts.password ? 'ADMIN_PASSWORD' : 'printed above' };
    }
    const set: Partial<typeof users.$inferInsert> = { role: 'admin', isEmailVerified: true };
    if (!existing.isEmailVerified) {
      // Anyone may have signed up with this address: nothing proves the account is the operator's.
      // It becomes the admin with a password only the operator knows, and whatever the
      // registrant holds (sessions, a pending address change, mailed links) stops working.
      const password = opts.password ?? generatedPassword();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...set, passwordHash: await hashPassword(password), pendingEmail: null, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        await revokeAllSessions(tx, existing.id);
        await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailTokens.userId, existing.id), isNull(emailTokens.usedAt)));
      });
      if (!opts.password) showPasswordOnce('promoted', email, password);
      log.warn(`Promoted unverified account ${email} to admin; its password was replaced and its sessions ended`);
      return { email, password: opts.password ? 'ADMIN_PASSWORD' : 'printed above' };
    }
    if (opts.password && !(await verifyPassword(existing.passwordHash, opts.password))) {
      set.passwordHash = await hashPassword(opts.password);
    }
    await db.update(users).set(set).where(eq(users.id, existing.id));
    return { email, password: opts.password ? 'ADMIN_PASSWORD' : 'unchanged' };
  }
  // Only a brand-new shop gets a generated admin (DESIGN.md): an existing one is left as it is.
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) {
    const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(users.id).limit(1);
    return admin ? { email: admin.email, password: 'unchanged' } : null;
  }
  const password = generatedPassword();
  const email = 'admin@lenticularbooth.local';
  await db
    .insert(users)
    .values(await adminRow(email, password))
    .onConflictDoNothing();
  // Printed straight to the terminal (not only the log) so the operator sees it once.
  showPasswordOnce('created', email, password);
  return { email, password: 'printed above' };
}
