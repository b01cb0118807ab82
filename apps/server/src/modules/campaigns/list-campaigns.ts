import { count, eq, inArray } from 'drizzle-orm';
import type { TCampaign, TCampaignPage } from '@lbs/domain/campaigns';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { campaignRecipients, campaigns } from '../../db/schema';
import { notFound } from '../../lib/app-error';

type CampaignRow = typeof campaigns.$inferSelect;
type Tally = Pick<TCampaign, 'sent' | 'failed' | 'skipped' | 'pending'>;
const NO_TALLY: Tally = { sent: 0, failed: 0, skipped: 0, pending: 0 };

export const campaignJson = (c: CampaignRow, tally: Tally = NO_TALLY): TCampaign => ({
  id: c.id,
  kind: c.kind,
  subject: c.subject,
  body: c.body,
  status: c.status,
  audience: c.audience,
  ...tally,
  created_by_email: c.createdByEmail,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
  queued_at: c.queuedAt?.toISOString() ?? null,
  finished_at: c.finishedAt?.toISOString() ?? null,
});

/**
 * Sent, failed, skipped and pending per campaign, for a page of campaigns: one grouped count over
 * campaign_recipients_status_idx (campaign_id, status), never rows carried into Node.
 */
export const talliesQuery = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: campaignRecipients.campaignId, status: campaignRecipients.status, n: count() })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, ids))
    .groupBy(campaignRecipients.campaignId, campaignRecipients.status);

async function tallies(db: DbOrTx, ids: number[]): Promise<Map<number, Tally>> {
  const out = new Map<number, Tally>();
  if (ids.length === 0) return out;
  const rows = await talliesQuery(db, ids);
  for (const r of rows) {
    const tally = out.get(r.id) ?? { ...NO_TALLY };
    tally[r.status] = Number(r.n);
    out.set(r.id, tally);
  }
  return out;
}

/** The back office's campaigns, newest first, with their counts. */
export async function listCampaigns(db: DbOrTx, paging: TPaging): Promise<TCampaignPage> {
  const page = await paginate(db, { from: campaigns, where: undefined, newestFirst: [campaigns.createdAt], tieBreak: campaigns.id, paging });
  const counts = await tallies(
    db,
    page.items.map((c) => c.id),
  );
  return { ...page, items: page.items.map((c) => campaignJson(c, counts.get(c.id))) };
}

export async function findCampaign(db: DbOrTx, id: number): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('No such campaign');
  return row;
}

export async function getCampaign(db: DbOrTx, id: number): Promise<TCampaign> {
  const row = await findCampaign(db, id);
  return campaignJson(row, (await tallies(db, [id])).get(id));
}
