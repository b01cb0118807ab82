import { eq } from 'drizzle-orm';
import type { TAdminUserLicenseQuery } from '@lbs/domain/admin-queries';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { licenses } from '../../db/schema';
import { licensePageJson } from './list-licenses';

/** Every licence issued to one email address, current or not, newest first (an admin's search). */
export async function listUserLicenses(db: Db, q: TAdminUserLicenseQuery, now = new Date()) {
  const page = await paginate(db, {
    from: licenses,
    where: eq(licenses.email, q.email),
    newestFirst: [licenses.startAt, licenses.createdAt],
    tieBreak: licenses.id,
    paging: q,
  });
  return licensePageJson(db, page, now);
}
