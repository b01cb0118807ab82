import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { notifications } from '../../db/schema';
import { scopeToCaller, type Caller } from '../../db/scope-to-caller';
import { notFound } from '../../lib/app-error';
import { MSG } from '@lbs/domain/messages';
import { NOTIFICATION_CHANNEL } from './create-notification';

type NotificationRow = typeof notifications.$inferSelect;

/** The notification as the spec's screens read it. */
export function toNotificationJson(n: NotificationRow) {
  return {
    _id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    created_at: n.createdAt.toISOString(),
    is_read: n.isRead,
    is_done: n.isDone,
  };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(row?.n ?? 0);
}

export async function listNotifications(db: Db, userId: number, paging: { page: number; page_size: number }) {
  const [page, unread] = await Promise.all([
    paginate(db, {
      from: notifications,
      where: eq(notifications.userId, userId),
      newestFirst: [notifications.createdAt],
      tieBreak: notifications.id,
      paging,
    }),
    unreadCount(db, userId),
  ]);
  return { ...page, items: page.items.map(toNotificationJson), unread_count: unread };
}

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
