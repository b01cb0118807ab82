import type { TAdminUserQuery } from '@lbs/domain/admin-queries';
import { USER_SEARCH_COUNT_CAP, type TAdminUser, type TAdminUserPage } from '@lbs/domain/admin-responses';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { users } from '../../db/schema';
import { countLicenses } from './count-licenses';
import { userFilters } from './user-filters';

type UserRow = typeof users.$inferSelect;

function toAdminUserJson(u: UserRow, licenseCount: number): TAdminUser {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    role: u.role,
    created_at: u.createdAt.toISOString(),
    is_email_verified: u.isEmailVerified,
    license_count: licenseCount,
  };
}

/**
 * One role's accounts, newest first, with each one's licence count. A search's matches are
 * counted up to USER_SEARCH_COUNT_CAP (the screen says "more than"); a role's are counted whole.
 */
export async function listUsers(db: Db, q: TAdminUserQuery): Promise<TAdminUserPage> {
  const page = await paginate(db, {
    from: users,
    where: userFilters(q),
    newestFirst: [users.createdAt],
    tieBreak: users.id,
    paging: q,
    countUpTo: q.q ? USER_SEARCH_COUNT_CAP : undefined,
  });
  const counts = await countLicenses(db, page.items.map((u) => u.id));
  return { ...page, total_capped: page.total_capped ?? false, items: page.items.map((u) => toAdminUserJson(u, counts.get(u.id) ?? 0)) };
}
