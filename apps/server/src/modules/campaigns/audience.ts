import { and, count, eq, type SQL } from 'drizzle-orm';
import type { CampaignKind } from '@lbs/domain/campaigns';
import { CUSTOMER_ROLE } from '@lbs/domain/roles';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** Whether a customer's settings let a campaign of this kind reach them. */
export const choiceColumn = (kind: CampaignKind) => (kind === 'promotional' ? users.notifyPromotional : users.notifyAnnouncements);

/**
 * Who a campaign goes to: customers (never admins) with a verified address (an unverified one may
 * not be theirs: mailing it news would be mailing a stranger) whose choice for this kind is on.
 * Promotional mail is off until a customer turns it on (consent first), announcements on.
 */
export const audienceWhere = (kind: CampaignKind): SQL => and(eq(users.role, CUSTOMER_ROLE), eq(users.isEmailVerified, true), eq(choiceColumn(kind), true))!;

/** How many customers a campaign of this kind would reach now (the send dialog's figure). */
export async function countAudience(db: DbOrTx, kind: CampaignKind): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(audienceWhere(kind));
  return Number(row?.n ?? 0);
}
