import { eq } from 'drizzle-orm';
import type { TCampaignPreview } from '@lbs/domain/campaigns';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { campaignLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { enqueueMail, type MailMessage } from '../outbox/enqueue';
import { campaignMail } from './campaign-mail';
import { findCampaign } from './list-campaigns';
import { unsubscribeToken } from './unsubscribe-token';

/**
 * The campaign as a customer gets it, made out to the signed-in owner (their name, their own
 * unsubscribe link): the same function the worker renders each customer's copy with.
 */
async function mailForOwner(db: DbOrTx, ownerId: number, campaignId: number, publicUrl: string): Promise<MailMessage> {
  const campaign = await findCampaign(db, campaignId);
  const [owner] = await db.select({ email: users.email, firstName: users.firstName, username: users.username }).from(users).where(eq(users.id, ownerId));
  return campaignMail({ campaign, customer: owner!, token: await unsubscribeToken(db, ownerId), publicUrl });
}

export async function previewCampaign(db: Db, ownerId: number, campaignId: number, publicUrl: string): Promise<TCampaignPreview> {
  const mail = await mailForOwner(db, ownerId, campaignId, publicUrl);
  return { subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? {} };
}

/**
 * Mails the campaign to the signed-in owner's own address only (never a typed one: the back office
 * must not become a way to mail anyone anything), through the outbox like every mail.
 */
export async function sendTestCampaign(db: Db, actor: AuditActor, campaignId: number, publicUrl: string): Promise<{ detail: string }> {
  return db.transaction(async (tx) => {
    const mail = await mailForOwner(tx, actor.id, campaignId, publicUrl);
    await enqueueMail(tx, { ...mail, subject: `[Test] ${mail.subject}` });
    const campaign = await findCampaign(tx, campaignId);
    await recordAdminAction(tx, { actor, action: 'campaign.test_sent', target: { type: 'campaign', id: campaignId }, before: null, after: { to: mail.to }, label: campaignLabel(campaign) });
    return { detail: `A test copy is on its way to ${mail.to}` };
  });
}
