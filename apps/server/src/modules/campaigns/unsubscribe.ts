import { eq, sql } from 'drizzle-orm';
import type { CampaignKind, TUnsubscribeState } from '@lbs/domain/campaigns';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { userIdOfUnsubscribeToken } from './unsubscribe-token';

const UNKNOWN_LINK = 'This unsubscribe link is not valid. You can change your mail settings in your account.';

async function customerOf(db: Db, token: string) {
  const userId = await userIdOfUnsubscribeToken(db, token);
  if (userId === null) throw notFound(UNKNOWN_LINK);
  const [row] = await db
    .select({ id: users.id, email: users.email, announcements: users.notifyAnnouncements, promotional: users.notifyPromotional })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound(UNKNOWN_LINK);
  return row;
}

const subscribed = (row: { announcements: boolean; promotional: boolean }, list: CampaignKind) => (list === 'promotional' ? row.promotional : row.announcements);

/** What the link would turn off, for the confirm page. Reads only: mail scanners open links. */
export async function readUnsubscribe(db: Db, token: string, list: CampaignKind): Promise<TUnsubscribeState> {
  const row = await customerOf(db, token);
  return { email: row.email, list, subscribed: subscribed(row, list) };
}

/** Turns the list off (the one-click POST, or the confirm page's button). Doing it twice is harmless. */
export async function unsubscribe(db: Db, token: string, list: CampaignKind): Promise<TUnsubscribeState> {
  const row = await customerOf(db, token);
  const [after] = await db
    .update(users)
    .set(
      list === 'promotional'
        ? { notifyPromotional: false, promotionalConsentAt: null, updatedAt: sql`now()` }
        : { notifyAnnouncements: false, updatedAt: sql`now()` },
    )
    .where(eq(users.id, row.id))
    .returning({ announcements: users.notifyAnnouncements, promotional: users.notifyPromotional });
  return { email: row.email, list, subscribed: subscribed(after!, list) };
}
