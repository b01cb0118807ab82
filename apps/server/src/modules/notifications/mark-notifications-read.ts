import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { adminNotifications, notifications } from '../../db/schema';
import { forbidden } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { NOTIFICATION_CHANNEL } from './create-notification';
import { ADMIN_FEED_SIGNAL } from './notify-admins';

/**
 * An admin marks many rows of the admins' feed read at once, for every admin. A customer's
 * notification among the ids refuses the whole request (403, nothing changes): customers'
 * notifications are read-only to admins. Only unread rows are written, so the answer counts what
 * changed and a repeat changes (and signals, and audits) nothing; unknown ids match no row.
 */
export async function markNotificationsRead(db: Db, actor: AuditActor, ids: string[]): Promise<{ updated: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const customers = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.id, unique), ne(notifications.userId, actor.id)))
      .limit(1);
    if (customers.length) throw forbidden(MSG.customerNotificationsReadOnly);
    const rows = await tx
      .update(adminNotifications)
      .set({ isRead: true })
      .where(and(inArray(adminNotifications.id, unique), eq(adminNotifications.isRead, false)))
      .returning({ id: adminNotifications.id, title: adminNotifications.title });
    if (rows.length === 0) return { updated: 0 };
    // One audit row for the bulk action, naming how many and which it changed.
    const changed = rows.map((r) => r.id);
    await recordAdminAction(tx, {
      actor,
      action: 'notifications.bulk_read',
      target: { type: 'notifications', id: rows.length },
      before: { ids: changed, is_read: false },
      after: { ids: changed, is_read: true },
      label: rows.length === 1 ? rows[0]!.title : `${rows.length} notifications`,
    });
    // Every admin's bell recounts, as for a single mark.
    await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${ADMIN_FEED_SIGNAL}:read`})`);
    return { updated: rows.length };
  });
}
