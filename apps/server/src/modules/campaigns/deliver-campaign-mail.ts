import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { campaignRecipients, campaigns, users } from '../../db/schema';
import type { MailTransport } from '../../integrations/mail/transport';
import { choiceColumn } from './audience';
import { campaignMail } from './campaign-mail';
import { finishCampaignIfDone } from './finish-campaign';
import { unsubscribeToken } from './unsubscribe-token';

const ZPayload = z.object({ campaign_id: z.number().int(), user_id: z.number().int() });

export interface CampaignDelivery {
  db: Db;
  mail: MailTransport;
  publicUrl: string;
}

/**
 * The outbox worker's delivery of one customer's campaign mail ('campaign_mail').
 *
 * - Renders it now, for the customer as they are now (name, current address, their token).
 * - Asks their choice again: one who turned the list off after the campaign was queued is not
 *   mailed (marked skipped).
 * - A customer already settled (sent, failed, skipped) is never mailed again, whatever the
 *   outbox does; and the dev mailbox and SMTP's Message-ID are per outbox message, so a worker that
 *   died between sending and marking sends the same message, not a second one.
 * - A failure is retried by the outbox; the last one marks the customer failed.
 */
export async function deliverCampaignMail(deps: CampaignDelivery, rawPayload: unknown, outboxId: number, lastAttempt: boolean): Promise<void> {
  const { db } = deps;
  const payload = ZPayload.parse(rawPayload);
  const settle = async (status: 'sent' | 'failed' | 'skipped', fields: { email?: string; lastError?: string | null } = {}) => {
    await db
      .update(campaignRecipients)
      .set({ status, sentAt: status === 'sent' ? new Date() : null, ...fields })
      .where(and(eq(campaignRecipients.campaignId, payload.campaign_id), eq(campaignRecipients.userId, payload.user_id), eq(campaignRecipients.status, 'pending')));
    await finishCampaignIfDone(db, payload.campaign_id);
  };

  const [found] = await db
    .select({
      status: campaignRecipients.status,
      kind: campaigns.kind,
      subject: campaigns.subject,
      body: campaigns.body,
      email: users.email,
      firstName: users.firstName,
      username: users.username,
      announcements: users.notifyAnnouncements,
      promotional: users.notifyPromotional,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .innerJoin(users, eq(users.id, campaignRecipients.userId))
    .where(and(eq(campaignRecipients.campaignId, payload.campaign_id), eq(campaignRecipients.userId, payload.user_id)));
  // The account was deleted since (its recipient row went with it): nobody to mail.
  if (!found) return finishCampaignIfDone(db, payload.campaign_id);
  if (found.status !== 'pending') return;
  const stillWanted = choiceColumn(found.kind) === users.notifyPromotional ? found.promotional : found.announcements;
  if (!stillWanted) return settle('skipped', { lastError: 'Unsubscribed before delivery' });

  const message = campaignMail({
    campaign: found,
    customer: found,
    token: await unsubscribeToken(db, payload.user_id),
    publicUrl: deps.publicUrl,
  });
  try {
    await deps.mail.send(message, outboxId);
  } catch (err) {
    const lastError = String((err as Error)?.message ?? err).slice(0, 1000);
    if (lastAttempt) await settle('failed', { lastError });
    else
      await db
        .update(campaignRecipients)
        .set({ lastError })
        .where(and(eq(campaignRecipients.campaignId, payload.campaign_id), eq(campaignRecipients.userId, payload.user_id)));
    throw err;
  }
  await settle('sent', { email: found.email, lastError: null });
}
