import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { NOTIFICATION_CHANNEL } from './create-notification';

/**
 * An admin marks many notifications read at once, anyone's. Only unread ones are written, so the
 * answer counts what changed and a repeat changes (and signals) nothing; unknown ids match no row.
 */
export async function markNotificationsRead(db: Db, actor: AuditActor, ids: string[]): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(inArray(notifications.id, [...new Set(ids)]), eq(notifications.isRead, false)))
      .returning({ id: notifications.id, userId: notifications.userId });
    // One audit row for the bulk action, naming the notifications it changed (none: no row).
    if (rows.length) {
      await recordAdminAction(tx, {
        actor,
        action: 'notifications.bulk_read',
        target: { type: 'notifications', id: rows.length },
        before: { ids: rows.map((r) => r.id), is_read: false },
        after: { ids: rows.map((r) => r.id), is_read: true },
      });
    }
    // Each owner's open tabs refresh their badge, as for a single mark.
    for (const userId of new Set(rows.map((r) => r.userId))) {
      await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${userId}:read`})`);
    }
    return { updated: rows.length };
  });
}
