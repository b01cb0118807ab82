import { sql } from 'drizzle-orm';
import type { NotificationType } from '@lbs/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { adminNotifications } from '../../db/schema';
import { NOTIFICATION_CHANNEL } from './create-notification';

/**
 * The signal for "the admins' feed changed": every admin's open stream recounts the feed. A user
 * id is a number, so this word cannot be mistaken for one ('admins:read' for a change of what
 * was read, as 'N:read' is for user N).
 */
export const ADMIN_FEED_SIGNAL = 'admins';

/**
 * Tells the admins of an event: one row of their shared feed, inside the caller's transaction,
 * and a signal (pg_notify, delivered only on commit) that refreshes every admin's bell. One row,
 * not a copy per admin, so when one admin reads it every admin sees it read. Exactly-once is the
 * caller's: it runs this only in the transaction that makes the event happen (a payment
 * recorded, a message stored), so a replayed webhook that changes nothing tells nobody. Answers
 * the row's id.
 */
export async function notifyAdmins(
  tx: DbOrTx,
  n: {
    type: NotificationType;
    title: string;
    message: string;
    /** The customer the event is about (the buyer, the signed-in sender), for their page. */
    subjectUserId?: number | null;
  },
): Promise<string> {
  const [row] = await tx
    .insert(adminNotifications)
    .values({ type: n.type, title: n.title, message: n.message, subjectUserId: n.subjectUserId ?? null })
    .returning({ id: adminNotifications.id });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${ADMIN_FEED_SIGNAL})`);
  return row!.id;
}
