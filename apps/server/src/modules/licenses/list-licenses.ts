import { and, eq } from 'drizzle-orm';
import { DEVICE_RESETS_PER_WINDOW, isLicenseCurrent } from '@lbs/domain/license-terms';
import type { Paged } from '@lbs/domain/paging';
import { ZEmail } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { licenses } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { countDeviceResets } from './count-device-resets';
import { isLicenseCurrentSql, isLicensePastSql } from './license-current';
import { toLicenseJson } from './license-json';

export type LicenseListMode = 'CURRENT' | 'PAST';

/**
 * What a list asks for: the caller's own CURRENT or PAST licences, or every licence of one email
 * address (an admin's search); null for anything else. The guard reads the raw query with it and
 * the handler the validated one, so both agree on which requests are an admin's.
 */
export function listTarget(mode: unknown): { mode: LicenseListMode } | { email: string } | null {
  if (typeof mode !== 'string') return null;
  const upper = mode.trim().toUpperCase();
  if (upper === 'CURRENT' || upper === 'PAST') return { mode: upper };
  const email = ZEmail.safeParse(mode.trim());
  return email.success ? { email: email.data } : null;
}

/**
 * One page of licences: the caller's current or past ones, or (admin list) every licence of one
 * email address, newest first.
 */
export async function listLicenses(
  db: Db,
  filter: { userId: number; mode: LicenseListMode } | { email: string },
  paging: { page: number; page_size: number },
  now = new Date(),
) {
  const where =
    'email' in filter
      ? eq(licenses.email, filter.email)
      : and(eq(licenses.userId, filter.userId), filter.mode === 'CURRENT' ? isLicenseCurrentSql(now) : isLicensePastSql(now));
  const page = await paginate(db, {
    from: licenses,
    where,
    newestFirst: [licenses.startAt, licenses.createdAt],
    tieBreak: licenses.id,
    paging,
  });
  return licensePageJson(db, page, now);
}

/** A page of licence rows as the API shows them, with each current one's device resets left. */
export async function licensePageJson(db: Db, page: Paged<typeof licenses.$inferSelect>, now: Date) {
  const used = await countDeviceResets(db, page.items.map((l) => l.id), now);
  return {
    ...page,
    items: page.items.map((l) =>
      toLicenseJson(l, now, isLicenseCurrent(l, now) ? Math.max(0, DEVICE_RESETS_PER_WINDOW - (used.get(l.id) ?? 0)) : null),
    ),
  };
}

/** GET /subscriptions/licenses: the list its mode names, for the caller (the guard has let only admins name an email). */
export async function listLicensesByMode(db: Db, userId: number, query: { mode: string; page: number; page_size: number }) {
  const { mode, page, page_size } = query;
  const target = listTarget(mode);
  if (!target) throw badRequest('query.mode: must be CURRENT, PAST or (admin) an email address');
  return listLicenses(db, 'email' in target ? target : { userId, mode: target.mode }, { page, page_size });
}
