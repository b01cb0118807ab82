import { count, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';

/** How many licences each of these users holds: one grouped query for a page or a batch. */
export async function countLicenses(db: DbOrTx, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: licenses.userId, n: count() })
    .from(licenses)
    .where(inArray(licenses.userId, userIds))
    .groupBy(licenses.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}
