import { asc, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prefixPattern } from '../../db/like-pattern';
import { users } from '../../db/schema';

export const MAX_EMAIL_SUGGESTIONS = 10;

/**
 * Addresses starting with what the admin typed. Addresses are stored lower-cased (ZEmail), so a
 * lower-cased prefix LIKE matches case-insensitively while staying a plain prefix scan of the
 * email index where the collation allows it.
 */
export async function suggestEmails(db: Db, typed: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(like(users.email, prefixPattern(typed.toLowerCase())))
    .orderBy(asc(users.email))
    .limit(MAX_EMAIL_SUGGESTIONS);
  return rows.map((r) => r.email);
}
