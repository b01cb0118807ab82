import { inArray } from 'drizzle-orm';
import type { TPaging } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { notifications, users } from '../../db/schema';
import { toNotificationJson } from './notification-json';

/**
 * Every user's notifications, newest first, for the back office's table, each with its owner's
 * address: one query for the page, one for the (at most page_size) owners on it.
 */
export async function listAllNotifications(db: Db, paging: TPaging) {
  const page = await paginate(db, { from: notifications, where: undefined, newestFirst: [notifications.createdAt], tieBreak: notifications.id, paging, countedAs: 'notifications' });
  const ownerIds = [...new Set(page.items.map((n) => n.userId))];
  const owners = ownerIds.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ownerIds))
    : [];
  const emailOf = new Map(owners.map((u) => [u.id, u.email]));
  return { ...page, items: page.items.map((n) => ({ ...toNotificationJson(n), user_id: n.userId, email: emailOf.get(n.userId) ?? '' })) };
}
