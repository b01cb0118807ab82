import { eq, sql } from 'drizzle-orm';
import type { TPreferences } from '@lbs/domain/preferences';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

const toJson = (u: Pick<UserRow, 'notifyPromotional' | 'notifyAnnouncements' | 'timeZone'>): TPreferences => ({
  promotional_emails: u.notifyPromotional,
  announcements: u.notifyAnnouncements,
  time_zone: u.timeZone as TPreferences['time_zone'],
});

export async function getPreferences(db: Db, userId: number): Promise<TPreferences> {
  const [row] = await db
    .select({ notifyPromotional: users.notifyPromotional, notifyAnnouncements: users.notifyAnnouncements, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return toJson(row!);
}

export async function updatePreferences(db: Db, userId: number, body: TPreferences): Promise<TPreferences> {
  const [row] = await db
    .update(users)
    .set({
      notifyPromotional: body.promotional_emails,
      // Consent first (PDPA): when the customer turned promotional mail on is kept while it stays
      // on, and forgotten when they turn it off.
      promotionalConsentAt: body.promotional_emails ? sql`coalesce(${users.promotionalConsentAt}, now())` : null,
      notifyAnnouncements: body.announcements,
      timeZone: body.time_zone,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return toJson(row!);
}
