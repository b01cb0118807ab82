import { sql } from 'drizzle-orm';
import type { NotificationType } from '@lbs/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

/** Postgres channel that carries "user N has a new notification"; delivered only on commit. */
export const NOTIFICATION_CHANNEL = 'lbs_notifications';

/**
 * Writes a notification inside the caller's transaction and signals it with pg_notify, which
 * Postgres (and PGlite) deliver only if and when that transaction commits, so live badges never
 * announce something that was rolled back.
 */
export async function createNotification(
  tx: DbOrTx,
  n: { userId: number; type: NotificationType | string; title: string; message: string },
): Promise<string> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId: n.userId, type: n.type, title: n.title, message: n.message })
    .returning({ id: notifications.id });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${String(n.userId)})`);
  return row!.id;
}

/**
 * Many notifications in one insert and one signal statement (a batch job's), on the same terms as
 * createNotification: the signals reach listeners only when the caller's transaction commits.
 */
export async function createNotifications(
  tx: DbOrTx,
  list: ReadonlyArray<{ userId: number; type: NotificationType | string; title: string; message: string }>,
): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(notifications).values(list.map((n) => ({ userId: n.userId, type: n.type, title: n.title, message: n.message })));
  // User ids are integers, so the comma-joined list is one safe text parameter.
  const userIds = [...new Set(list.map((n) => n.userId))].join(',');
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, u) from unnest(string_to_array(${userIds}, ',')) as u`);
}
