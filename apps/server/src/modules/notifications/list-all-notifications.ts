import { inArray } from 'drizzle-orm';
import type { TAdminNotificationQuery } from '@lbs/domain/admin-queries';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { adminNotifications, notifications, users } from '../../db/schema';
import { toNotificationJson } from './notification-json';

/**
 * The back office's NOTIFICATIONS, newest first with the id as tie-break: the admins' own feed by
 * default, or (audience=customers) every customer's notifications, read-only. Each row names the
 * customer concerned: one query for the page, one for the (at most page_size) customers on it.
 * Both totals come from the row counters (migrations 0010, 0013), not a count of the rows.
 */
export async function listAllNotifications(db: Db, query: TAdminNotificationQuery) {
  const paging = { page: query.page, page_size: query.page_size };
  if (query.audience === 'customers') {
    const page = await paginate(db, { from: notifications, where: undefined, newestFirst: [notifications.createdAt], tieBreak: notifications.id, paging, countedAs: 'notifications' });
    const emailOf = await emailsOf(db, page.items.map((n) => n.userId));
    return {
      ...page,
      items: page.items.map((n) => ({ ...toNotificationJson(n), user_id: n.userId, email: emailOf.get(n.userId) ?? '', read_only: true })),
    };
  }
  const page = await paginate(db, {
    from: adminNotifications,
    where: undefined,
    newestFirst: [adminNotifications.createdAt],
    tieBreak: adminNotifications.id,
    paging,
    countedAs: 'admin_notifications',
  });
  const emailOf = await emailsOf(db, page.items.flatMap((n) => (n.subjectUserId === null ? [] : [n.subjectUserId])));
  return {
    ...page,
    items: page.items.map((n) => ({
      ...toNotificationJson(n),
      user_id: n.subjectUserId,
      email: n.subjectUserId === null ? null : (emailOf.get(n.subjectUserId) ?? null),
      read_only: false,
    })),
  };
}

async function emailsOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, u.email]));
}
