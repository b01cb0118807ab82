import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaignRecipients, campaigns } from '../../db/schema';

/**
 * Marks a sending campaign sent once none of its customers is pending. Conditional, so whichever
 * delivery settles the last customer finishes it, once, in any process (an index probe on
 * campaign_recipients_status_idx).
 */
export const finishCampaignSql = (campaignId: number) => sql`
    update ${campaigns} set status = 'sent', finished_at = now(), updated_at = now()
    where id = ${campaignId} and status = 'sending'
      and not exists (select 1 from ${campaignRecipients} where campaign_id = ${campaignId} and status = 'pending')`;

export async function finishCampaignIfDone(db: DbOrTx, campaignId: number): Promise<void> {
  await db.execute(finishCampaignSql(campaignId));
}
