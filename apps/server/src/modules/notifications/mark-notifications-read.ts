import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { NOTIFICATION_CHANNEL } from './create-notification';

/**
 * An admin marks many notifications read at once, anyone's. Only unread ones are written, so the
 * answer counts what changed and a repeat changes (and signals) nothing; unknown ids match no row.
 */
export async function markNotificationsRead(db: Db, ids: string[]): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(inArray(notifications.id, [...new Set(ids)]), eq(notifications.isRead, false)))
      .returning({ userId: notifications.userId });
    // Each owner's open tabs refresh their badge, as for a single mark.
    for (const userId of new Set(rows.map((r) => r.userId))) {
      await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${userId}:read`})`);
    }
    return { updated: rows.length };
  });
}
