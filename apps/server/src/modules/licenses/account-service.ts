import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { DEVICE_RESET_WINDOW_MS, DEVICE_RESETS_PER_WINDOW, isLicenseCurrent } from '@lbs/domain/licence-terms';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { licenseDeviceResets, licenses } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { isLicenseCurrentSql, isLicensePastSql } from './license-current';

type LicenseRow = typeof licenses.$inferSelect;

export type LicenseListMode = 'CURRENT' | 'PAST';

export function toLicenseJson(l: LicenseRow, now: Date, resetsLeft: number | null) {
  const expired = !isLicenseCurrent(l, now);
  return {
    _id: l.id,
    license_key: l.licenseKey,
    type: l.type,
    email: l.email,
    device_number: l.deviceId,
    device_bound_at: l.deviceBoundAt?.toISOString() ?? null,
    create_date: l.startAt.toISOString(),
    expire_date: l.expiresAt?.toISOString() ?? null,
    is_expired: expired,
    revoked: l.revokedAt !== null,
    order_id: l.orderId,
    /** Self-service resets still available now; null when the licence is not current. */
    device_resets_left: resetsLeft,
  };
}

export async function hasCurrentLicence(db: DbOrTx, userId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.userId, userId), isLicenseCurrentSql(now)))
    .limit(1);
  return rows.length > 0;
}

export async function currentLicenceSummary(db: Db, userId: number, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(licenses)
    .where(and(eq(licenses.userId, userId), isLicenseCurrentSql(now)));
  const n = Number(row?.n ?? 0);
  return { has_license: n > 0, current_count: n };
}

async function resetsUsed(db: DbOrTx, licenseIds: string[], now: Date): Promise<Map<string, number>> {
  if (!licenseIds.length) return new Map();
  const rows = await db
    .select({ licenseId: licenseDeviceResets.licenseId, n: count() })
    .from(licenseDeviceResets)
    .where(
      and(
        inArray(licenseDeviceResets.licenseId, licenseIds),
        gte(licenseDeviceResets.createdAt, new Date(now.getTime() - DEVICE_RESET_WINDOW_MS)),
      ),
    )
    .groupBy(licenseDeviceResets.licenseId);
  return new Map(rows.map((r) => [r.licenseId, Number(r.n)]));
}

/**
 * One page of licences: the caller's current or past ones, or (admin list) every licence of one
 * email address, newest first.
 */
export async function listLicences(
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
  const used = await resetsUsed(db, page.items.map((l) => l.id), now);
  return {
    ...page,
    items: page.items.map((l) =>
      toLicenseJson(l, now, isLicenseCurrent(l, now) ? Math.max(0, DEVICE_RESETS_PER_WINDOW - (used.get(l.id) ?? 0)) : null),
    ),
  };
}

/**
 * Unbinds the device of one of the caller's current licences so the key can be activated on a
 * replacement PC, at most DEVICE_RESETS_PER_WINDOW times in a rolling 30 days. The licence row
 * is locked, so two resets at once cannot both slip under the limit.
 */
export async function resetLicenceDevice(db: Db, userId: number, licenseId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [l] = await tx
      .select()
      .from(licenses)
      .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
      .for('update');
    if (!l) throw notFound(MSG.licenseNotFound);
    if (!isLicenseCurrent(l, now)) throw conflict(MSG.licenseNotCurrent);
    if (!l.deviceId) throw conflict(MSG.deviceNotBound);
    const used = (await resetsUsed(tx, [l.id], now)).get(l.id) ?? 0;
    if (used >= DEVICE_RESETS_PER_WINDOW) throw new AppError('too_many_requests', MSG.deviceResetLimit);
    await tx.insert(licenseDeviceResets).values({ licenseId: l.id, previousDeviceId: l.deviceId, createdAt: now });
    const [updated] = await tx
      .update(licenses)
      .set({ deviceId: null, deviceBoundAt: null })
      .where(eq(licenses.id, l.id))
      .returning();
    return toLicenseJson(updated!, now, DEVICE_RESETS_PER_WINDOW - used - 1);
  });
}
