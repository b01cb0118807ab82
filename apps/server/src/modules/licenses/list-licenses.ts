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
import { findOpenRenewals, type OpenRenewal } from './find-open-renewals';
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
 * A page of licence rows as the API shows them, with each current one's device resets left, its
 * device's name as its owner calls it and its open automatic renewal: one query each for the whole page.
 */
export async function licensePageJson(db: Db, page: Paged<typeof licenses.$inferSelect>, now: Date) {
  return { ...page, items: await licensesJson(db, page.items, now) };
}

/**
 * Licence rows as the API shows them (see licensePageJson). `findRenewals` reads the open renewal
 * orders; the back office passes one that reads the holders' cards in the same query.
 */
export async function licensesJson(
  db: Db,
  rows: ReadonlyArray<typeof licenses.$inferSelect>,
  now: Date,
  findRenewals: (db: Db, ids: readonly string[]) => Promise<Map<string, OpenRenewal>> = findOpenRenewals,
) {
  const ids = rows.map((l) => l.id);
  const [used, names, renewals] = await Promise.all([countDeviceResets(db, ids, now), findBoothNames(db, [...rows]), findRenewals(db, ids)]);
  return rows.map((l) =>
    toLicenseJson(
      l,
      now,
      isLicenseCurrent(l, now) ? Math.max(0, DEVICE_RESETS_PER_WINDOW - (used.get(l.id) ?? 0)) : null,
      customDeviceName(names, l),
      renewals.get(l.id) ?? null,
    ),
  );
}

/**
 * GET /subscriptions/licenses: the caller's own CURRENT or PAST licences, judged at `now`: the
 * account area's clock (ctx.clock), which development and tests may move to watch a renewal come.
 */
export async function listOwnLicenses(db: Db, userId: number, query: { mode: string; page: number; page_size: number }, now = new Date()) {
  const { mode, page, page_size } = query;
  return listLicenses(db, { userId, mode: ownListMode(mode) }, { page, page_size }, now);
}
