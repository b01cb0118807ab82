import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TUserExportQuery } from '@lbs/domain/admin-queries';
import { containsPattern } from '../../db/like-pattern';
import { users } from '../../db/schema';

/**
 * The text anywhere in the email, the first or the last name, in any case. The trigram indexes of
 * migration 0020 serve it from three characters on; a shorter text has no trigram to look up, and
 * the planner reads the accounts instead (the list's capped count stops early when most match).
 */
export function userSearch(text: string): SQL | undefined {
  const pattern = containsPattern(text);
  return or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern));
}

/** The back office's user filters, shared by the list and the CSV so both show the same people. */
export function userFilters(q: TUserExportQuery): SQL | undefined {
  return and(eq(users.role, q.role), q.q ? userSearch(q.q) : undefined);
}
