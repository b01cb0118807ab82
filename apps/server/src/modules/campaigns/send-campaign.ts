import { and, eq, sql } from 'drizzle-orm';
import type { TCampaign } from '@lbs/domain/campaigns';
import type { Db } from '../../db/client';
import { campaignRecipients, campaigns, outbox, users } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { conflict } from '../../lib/app-error';
import { campaignLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { audienceWhere } from './audience';
import { campaignJson, findCampaign } from './list-campaigns';

/**
 * Queues a draft for its whole audience, once.
 *
 * Once: the draft → sending UPDATE is conditional, so of two clicks, two retries or two processes
 * exactly one gets the row back; the others wait on the row lock, find it no longer a draft and
 * answer 409. The winner's transaction holds the recipients and their outbox messages, so a crash
 * queues all of them or none, and the (campaign, customer) primary key keeps one mail each.
 *
 * Fast: the audience and its outbox messages are one statement (INSERT ... SELECT from users,
 * then INSERT ... SELECT from what it inserted), so 100k customers never pass through Node. Each
 * message names only the campaign and the customer; the worker renders it at delivery.
 */
export async function sendCampaign(db: Db, actor: AuditActor, id: number): Promise<TCampaign> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [won] = await tx
      .update(campaigns)
      .set({ status: 'sending', queuedAt: now, updatedAt: now })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning();
    if (!won) {
      await findCampaign(tx, id); // 404 when there is none
      throw conflict('This campaign has already been sent');
    }
    const [queued] = await selectRows<{ audience: number }>(
      tx,
      sql`with recipients as (
            insert into ${campaignRecipients} (campaign_id, user_id, email)
            select ${id}, ${users.id}, ${users.email} from ${users} where ${audienceWhere(won.kind)}
            returning campaign_id, user_id
          ), queued as (
            insert into ${outbox} (kind, payload)
            select 'campaign_mail', jsonb_build_object('campaign_id', campaign_id, 'user_id', user_id) from recipients
            returning 1
          )
          select count(*)::int as audience from queued`,
    );
    const audience = Number(queued?.audience ?? 0);
    // Nobody to mail: sent at once, or it would stay "sending" with nothing left to finish it.
    const [row] = await tx
      .update(campaigns)
      .set(audience === 0 ? { audience, status: 'sent', finishedAt: now } : { audience })
      .where(eq(campaigns.id, id))
      .returning();
    await recordAdminAction(tx, {
      actor,
      action: 'campaign.sent',
      target: { type: 'campaign', id },
      before: { status: 'draft' },
      after: { status: row!.status, audience },
      label: campaignLabel(row!),
    });
    return campaignJson(row!, { sent: 0, failed: 0, skipped: 0, pending: audience });
  });
}
