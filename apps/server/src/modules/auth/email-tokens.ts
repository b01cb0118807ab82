import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  change_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
};

/**
 * Purposes whose earlier links die when a new one is issued. A password reset link and an
 * address-change link act on the account as it is now, so only the newest may work. A
 * verification link only proves the mailbox, so every one sent stays valid until it expires or
 * the address is verified (issue 13: a buyer who pressed 'resend' and then opened the first mail
 * was told 'Verification Failed').
 */
const NEWEST_ONLY: ReadonlySet<EmailTokenPurpose> = new Set(['reset_password', 'change_email']);

/**
 * A new single-use token for `email`; only its hash is stored. For NEWEST_ONLY purposes, earlier
 * unused tokens of the same purpose for this user stop working.
 */
export async function issueEmailToken(
  tx: DbOrTx,
  opts: { userId: number; email: string; purpose: EmailTokenPurpose },
): Promise<string> {
  const now = new Date();
  if (NEWEST_ONLY.has(opts.purpose)) await spendUnusedEmailTokens(tx, opts.userId, opts.purpose, now);
  const token = newToken();
  await tx.insert(emailTokens).values({
    userId: opts.userId,
    purpose: opts.purpose,
    email: opts.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[opts.purpose]),
  });
  return token;
}

/** Every unused token of `purpose` for the user stops working (a newer one, or the job is done). */
export async function spendUnusedEmailTokens(tx: DbOrTx, userId: number, purpose: EmailTokenPurpose, now = new Date()): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

const live = (token: string, purposes: EmailTokenPurpose[]) =>
  and(
    eq(emailTokens.tokenHash, hashToken(token)),
    inArray(emailTokens.purpose, purposes),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );

/**
 * Spends a token: one conditional UPDATE, so of two concurrent uses exactly one gets the row.
 * `email`, when given, must match the address the token was mailed to (or nothing is spent).
 */
export async function consumeEmailToken(
  tx: DbOrTx,
  opts: { token: string; purposes: EmailTokenPurpose[]; email?: string },
): Promise<typeof emailTokens.$inferSelect | null> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(live(opts.token, opts.purposes), opts.email === undefined ? undefined : eq(emailTokens.email, opts.email)))
    .returning();
  return row ?? null;
}

/** A live token's row without spending it (the reset screen checks its link first). */
export async function findLiveEmailToken(
  db: DbOrTx,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<typeof emailTokens.$inferSelect | null> {
  const [row] = await db.select().from(emailTokens).where(live(token, [purpose])).limit(1);
  return row ?? null;
}

/**
 * Whether a token, spent or expired or not, was mailed for the address its account now has,
 * verified: the link has done its job (opened a second time, or a sibling link spent by the
 * verification). Nothing is spent or changed.
 */
export async function emailTokenAddressVerified(db: DbOrTx, token: string, purposes: EmailTokenPurpose[]): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .innerJoin(users, and(eq(users.id, emailTokens.userId), eq(users.email, emailTokens.email), eq(users.isEmailVerified, true)))
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), inArray(emailTokens.purpose, purposes)))
    .limit(1);
  return row !== undefined;
}
