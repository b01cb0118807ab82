import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { notifications } from '../../db/schema';
import { countUnread } from './count-unread';
import { toNotificationJson } from './notification-json';

export async function listNotifications(db: Db, userId: number, paging: { page: number; page_size: number }) {
  const [page, unread] = await Promise.all([
    paginate(db, {
      from: notifications,
      where: eq(notifications.userId, userId),
      newestFirst: [notifications.createdAt],
      tieBreak: notifications.id,
      paging,
    }),
    countUnread(db, userId),
  ]);
  return { ...page, items: page.items.map(toNotificationJson), unread_count: unread };
}
