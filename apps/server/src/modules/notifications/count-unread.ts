import { and, count, eq } from 'drizzle-orm';
import { isAdminRole } from '@lbs/domain/roles';
import type { DbOrTx } from '../../db/client';
import { adminNotifications, notifications } from '../../db/schema';
import type { Caller } from '../../db/scope-to-caller';

/** A user's own unread notifications (their account's list). */
export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(row?.n ?? 0);
}

/** The admins' feed's unread rows (its partial index keeps this small at any history size). */
export async function countAdminFeedUnread(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminNotifications).where(eq(adminNotifications.isRead, false));
  return Number(row?.n ?? 0);
}

/**
 * What the bell shows: for an admin the admins' shared feed (the back office's NOTIFICATIONS),
 * for a customer their own notifications.
 */
export function countBellUnread(db: DbOrTx, caller: Caller): Promise<number> {
  return isAdminRole(caller.role) ? countAdminFeedUnread(db) : countUnread(db, caller.id);
}
