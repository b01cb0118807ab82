import { and, eq } from 'drizzle-orm';
import { DEVICE_RESETS_PER_WINDOW, isLicenseCurrent } from '@lbs/domain/license-terms';
import type { Paged } from '@lbs/domain/paging';
import { ZEmail } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { licenses } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { countDeviceResets } from '../license-changes/count-device-resets';
import { customDeviceName, findBoothNames } from './find-booth-names';
import { isLicenseCurrentSql, isLicensePastSql } from './license-current';
import { toLicenseJson } from './license-json';

export type LicenseListMode = 'CURRENT' | 'PAST';

/** Where an admin lists one user's licences; a customer's list never takes an email. */
export const ADMIN_USER_LICENSES_ROUTE = 'GET /api/subscriptions/licenses/admin/user?email=';

/** The list mode the caller asked for (CURRENT or PAST, any letter case); anything else is a 400. */
export function ownListMode(mode: string): LicenseListMode {
  const upper = mode.trim().toUpperCase();
  if (upper === 'CURRENT' || upper === 'PAST') return upper;
  // The old product's admin list passed an email here; that search is an admin route now.
  if (ZEmail.safeParse(mode).success) throw badRequest(`query.mode: must be CURRENT or PAST; an admin lists one user's licences with ${ADMIN_USER_LICENSES_ROUTE}`);
  throw badRequest('query.mode: must be CURRENT or PAST');
}

/** One page of the caller's current or past licences, newest first. */
export async function listLicenses(
  db: Db,
  filter: { userId: number; mode: LicenseListMode },
  paging: { page: number; page_size: number },
  now = new Date(),
) {
  const where = and(eq(licenses.userId, filter.userId), filter.mode === 'CURRENT' ? isLicenseCurrentSql(now) : isLicensePastSql(now));
  const page = await paginate(db, {
    from: licenses,
    where,
    newestFirst: [licenses.startAt, licenses.createdAt],
    tieBreak: licenses.id,
    paging,
  });
  return licensePageJson(db, page, now);
}

/**
 * A page of licence rows as the API shows them, with each current one's device resets left and
 * its device's name as its owner calls it: one query each for the whole page.
 */
export async function licensePageJson(db: Db, page: Paged<typeof licenses.$inferSelect>, now: Date) {
  const [used, names] = await Promise.all([countDeviceResets(db, page.items.map((l) => l.id), now), findBoothNames(db, page.items)]);
  return {
    ...page,
    items: page.items.map((l) =>
      toLicenseJson(
        l,
        now,
        isLicenseCurrent(l, now) ? Math.max(0, DEVICE_RESETS_PER_WINDOW - (used.get(l.id) ?? 0)) : null,
        customDeviceName(names, l),
      ),
    ),
  };
}

/** GET /subscriptions/licenses: the caller's own CURRENT or PAST licences. */
export async function listOwnLicenses(db: Db, userId: number, query: { mode: string; page: number; page_size: number }) {
  const { mode, page, page_size } = query;
  return listLicenses(db, { userId, mode: ownListMode(mode) }, { page, page_size });
}
