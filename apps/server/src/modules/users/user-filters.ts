import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TUserExportQuery } from '@lbs/domain/admin-queries';
import { containsPattern } from '../../db/like-pattern';
import { users } from '../../db/schema';

/** The back office's user filters, shared by the list and the CSV so both show the same people. */
export function userFilters(q: TUserExportQuery): SQL | undefined {
  const search = q.q
    ? or(ilike(users.email, containsPattern(q.q)), ilike(users.firstName, containsPattern(q.q)), ilike(users.lastName, containsPattern(q.q)))
    : undefined;
  return and(eq(users.role, q.role), search);
}
