import { sql } from 'drizzle-orm';
import type { NotificationType } from '@lbs/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { isAdminUser } from '../../db/roles';
import { notifications, users } from '../../db/schema';
import { NOTIFICATION_CHANNEL } from './create-notification';

/**
 * Gives every admin the same notification, inside the caller's transaction, in one statement: an
 * INSERT … SELECT over the admin accounts whose rows then signal each admin's open streams
 * (pg_notify, delivered only on commit). Exactly-once is the caller's: it runs this only in the
 * transaction that makes the event happen (a payment recorded, a message stored), so a replayed
 * webhook that changes nothing notifies nobody. Answers how many admins were told.
 */
export async function notifyAdmins(
  tx: DbOrTx,
  n: { type: NotificationType; title: string; message: string },
): Promise<number> {
  const result = await tx.execute(sql`
    with told as (
      insert into ${notifications} (user_id, type, title, message)
      select ${users.id}, ${n.type}::text, ${n.title}::text, ${n.message}::text from ${users} where ${isAdminUser()}
      returning user_id
    )
    select pg_notify(${NOTIFICATION_CHANNEL}, user_id::text) from told`);
  return rowCount(result);
}

/** Rows a raw select returned, on node-postgres (`rows`) and PGlite (`rows` too, or an array). */
function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const rows = (result as { rows?: unknown[] }).rows;
  return rows?.length ?? 0;
}
