import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminNotifications } from '../../db/schema';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { NOTIFICATION_CHANNEL } from './create-notification';
import { ADMIN_FEED_SIGNAL } from './notify-admins';

type AdminFeedRow = typeof adminNotifications.$inferSelect;

/**
 * An admin marks one row of the admins' feed read or done, for every admin (they share one
 * state). Idempotent: a row already so answers as it is, unchanged and unaudited; only a change
 * is audited, labelled with the notification's title. Answers null when the feed has no such id.
 */
export async function markAdminFeedNotification(
  tx: DbOrTx,
  actor: AuditActor,
  id: string,
  flag: 'read' | 'done',
): Promise<AdminFeedRow | null> {
  const column = flag === 'read' ? adminNotifications.isRead : adminNotifications.isDone;
  const [changed] = await tx
    .update(adminNotifications)
    .set(flag === 'read' ? { isRead: true } : { isDone: true })
    .where(and(eq(adminNotifications.id, id), eq(column, false)))
    .returning();
  if (!changed) {
    const [row] = await tx.select().from(adminNotifications).where(eq(adminNotifications.id, id));
    return row ?? null;
  }
  const field = flag === 'read' ? 'is_read' : 'is_done';
  await recordAdminAction(tx, {
    actor,
    action: flag === 'read' ? 'notification.read' : 'notification.done',
    target: { type: 'notification', id },
    before: { [field]: false },
    after: { [field]: true },
    label: changed.title,
  });
  // Every admin's bell recounts; delivered on commit.
  if (flag === 'read') await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${`${ADMIN_FEED_SIGNAL}:read`})`);
  return changed;
}
