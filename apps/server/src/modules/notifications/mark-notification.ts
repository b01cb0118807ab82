import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { scopeToCaller, type Caller } from '../../db/scope-to-caller';
import { notFound } from '../../lib/app-error';
import { NOTIFICATION_CHANNEL } from './create-notification';
import { toNotificationJson } from './notification-json';

/**
 * Sets is_read or is_done. Idempotent: marking twice answers the same row. The owner may mark
 * their own; an admin any (the back office marks from its all-notifications table). Anyone else
 * gets 404, the same as for an id that does not exist, so ids cannot be probed.
 */
export async function markNotification(
  db: Db,
  caller: Caller,
  id: string,
  flag: 'read' | 'done',
) {
  return db.transaction(async (tx) => {
    const set = flag === 'read' ? { isRead: true } : { isDone: true };
    const [row] = await tx
      .update(notifications)
      .set(set)
      .where(and(eq(notifications.id, id), scopeToCaller(notifications.userId, caller)))
      .returning();
    if (!row) throw notFound(MSG.notificationNotFound);
    // Other open tabs of the owner refresh their badge; delivered on commit like a new one.
    if (flag === 'read') await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${row.userId}:read`})`);
    return toNotificationJson(row);
  });
}
