import { and, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TAdminLicenseQuery } from '@lbs/domain/admin-queries';
import { normaliseLicenseKey, type LicenseAdminStatus } from '@lbs/domain/license-terms';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like-pattern';
import { paginate } from '../../db/paginate';
import { licenses } from '../../db/schema';
import { isLicenseCurrentSql } from './license-current';
import { adminLicensePageJson } from './admin-license-cards';

/** The back office's statuses in SQL, the twins of licenseAdminStatus() (a test holds them equal). */
function licenseStatusSql(status: LicenseAdminStatus, now: Date): SQL {
  switch (status) {
    case 'active':
      return isLicenseCurrentSql(now);
    case 'revoked':
      return isNotNull(licenses.revokedAt);
    case 'expired':
      return and(isNull(licenses.revokedAt), isNotNull(licenses.expiresAt), lte(licenses.expiresAt, now))!;
  }
}

const UUID = z.uuid();

/**
 * What the admin typed: part of an email, or part of a key. Keys are stored upper case with
 * hyphens, so a fragment is matched upper-cased, and a whole key typed the way people type keys
 * (lower case, O for 0, no hyphens) is matched in its canonical form. A licence id (a uuid) finds
 * that licence: ANALYTICS links an event's device to its licence so (`?q=<licence id>`).
 */
function searchFilter(q: string): SQL {
  const key = normaliseLicenseKey(q);
  const id = UUID.safeParse(q.trim());
  return or(
    ilike(licenses.email, containsPattern(q)),
    ilike(licenses.licenseKey, containsPattern(q.toUpperCase())),
    key ? eq(licenses.licenseKey, key) : undefined,
    id.success ? eq(licenses.id, id.data) : undefined,
  )!;
}

/**
 * In grace now (DESIGN §6.3): the term has ended, its automatic renewal is unpaid and grace_until
 * has not come; grace_until is set only then, so licenses_grace_idx finds the few.
 */
const inGraceSql = (now: Date): SQL => and(gt(licenses.graceUntil, now), lte(licenses.expiresAt, now))!;

/** Every licence, most recently issued first, searched and filtered by status and by grace. */
export async function listAllLicenses(db: Db, q: TAdminLicenseQuery, now = new Date()) {
  const where = and(
    q.q ? searchFilter(q.q) : undefined,
    q.status ? licenseStatusSql(q.status, now) : undefined,
    q.renewal === 'in_grace' ? inGraceSql(now) : undefined,
  );
  const page = await paginate(db, { from: licenses, where, newestFirst: [licenses.createdAt], tieBreak: licenses.id, paging: q, countedAs: where ? undefined : 'licenses' });
  return adminLicensePageJson(db, page, now);
}
