import { and, eq } from 'drizzle-orm';
import type { TCampaign, TCampaignDraft } from '@lbs/domain/campaigns';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { campaignLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { campaignJson, findCampaign } from './list-campaigns';

const draftFields = (c: { kind: string; subject: string; body: string }) => ({ kind: c.kind, subject: c.subject, body: c.body });

/** A new draft; nothing is sent until the owner sends it. */
export async function createCampaign(db: Db, actor: AuditActor, draft: TCampaignDraft): Promise<TCampaign> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(campaigns).values({ ...draft, createdBy: actor.id, createdByEmail: actor.email }).returning();
    await recordAdminAction(tx, { actor, action: 'campaign.created', target: { type: 'campaign', id: row!.id }, before: null, after: draftFields(row!), label: campaignLabel(row!) });
    return campaignJson(row!);
  });
}

/** Edits a draft; once sending has started the words are what customers got (409). */
export async function updateCampaign(db: Db, actor: AuditActor, id: number, draft: TCampaignDraft): Promise<TCampaign> {
  return db.transaction(async (tx) => {
    const before = await findCampaign(tx, id);
    const [row] = await tx
      .update(campaigns)
      .set({ ...draft, updatedAt: new Date() })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
      .returning();
    if (!row) throw conflict('This campaign has been sent; it can no longer be changed');
    await recordAdminAction(tx, { actor, action: 'campaign.updated', target: { type: 'campaign', id }, before: draftFields(before), after: draftFields(row), label: campaignLabel(row) });
    return campaignJson(row);
  });
}
