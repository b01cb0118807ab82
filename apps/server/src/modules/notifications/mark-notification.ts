import { and, eq, sql } from 'drizzle-orm';
import { isAdminRole } from '@lbs/domain/roles';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Caller } from '../../db/scope-to-caller';
import { forbidden, notFound } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { NOTIFICATION_CHANNEL } from './create-notification';
import { markAdminFeedNotification } from './mark-admin-feed';
import { toNotificationJson } from './notification-json';

/**
 * Sets is_read or is_done. Idempotent: marking twice answers the same row.
 * - Anyone marks their own notifications.
 * - An admin marks a row of the admins' shared feed (audited; see mark-admin-feed.ts).
 * - A customer's notification is theirs alone: an admin is refused (403) and nothing changes,
 *   since what the customer has read is not the back office's to decide.
 * Anyone else gets 404 for someone else's notification, the same as for an id that does not
 * exist, so ids cannot be probed; a customer never reaches the admins' feed.
 */
export async function markNotification(db: Db, caller: Caller & AuditActor, id: string, flag: 'read' | 'done') {
  const admin = isAdminRole(caller.role);
  return db.transaction(async (tx) => {
    if (admin) {
      const feedRow = await markAdminFeedNotification(tx, caller, id, flag);
      if (feedRow) return toNotificationJson(feedRow);
    }
    const [row] = await tx
      .update(notifications)
      .set(flag === 'read' ? { isRead: true } : { isDone: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, caller.id)))
      .returning();
    if (!row) {
      if (admin && (await tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id))).length) {
        throw forbidden(MSG.customerNotificationsReadOnly);
      }
      throw notFound(MSG.notificationNotFound);
    }
    // Other open tabs of the owner refresh their badge; delivered on commit like a new one.
    if (flag === 'read') await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${row.userId}:read`})`);
    return toNotificationJson(row);
  });
}
