import { asc } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { isAdminUser } from '../../db/roles';

/** CONTACT_INBOX, else ADMIN_EMAIL, else the longest-standing admin; null when there is none. */
export async function contactInbox(db: DbOrTx, config: AppConfig): Promise<string | null> {
  const configured = config.CONTACT_INBOX ?? config.ADMIN_EMAIL;
  if (configured) return configured;
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(isAdminUser())
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.email ?? null;
}
