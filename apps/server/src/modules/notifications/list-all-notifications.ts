import type { TPaging } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { notifications } from '../../db/schema';
import { toNotificationJson } from './notification-json';

/** Every user's notifications, newest first, for the back office's table. */
export async function listAllNotifications(db: Db, paging: TPaging) {
  const page = await paginate(db, { from: notifications, where: undefined, newestFirst: [notifications.createdAt], tieBreak: notifications.id, paging });
  return { ...page, items: page.items.map((n) => ({ ...toNotificationJson(n), user_id: n.userId })) };
}
