import { and, count, gte, inArray } from 'drizzle-orm';
import { DEVICE_RESET_WINDOW_MS } from '@lbs/domain/license-terms';
import type { DbOrTx } from '../../db/client';
import { licenseDeviceResets } from '../../db/schema';

/** Device resets of each licence within the rolling window ending now, by licence id. */
export async function countDeviceResets(db: DbOrTx, licenseIds: string[], now: Date): Promise<Map<string, number>> {
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
