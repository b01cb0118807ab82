import { and, count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';
import { isLicenseCurrentSql } from './license-current';

export async function hasCurrentLicense(db: DbOrTx, userId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.userId, userId), isLicenseCurrentSql(now)))
    .limit(1);
  return rows.length > 0;
}

export async function currentLicenseSummary(db: Db, userId: number, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(licenses)
    .where(and(eq(licenses.userId, userId), isLicenseCurrentSql(now)));
  const n = Number(row?.n ?? 0);
  return { has_license: n > 0, current_count: n };
}
