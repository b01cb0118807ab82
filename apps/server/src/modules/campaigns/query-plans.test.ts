import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { finishCampaignSql } from './finish-campaign';
import { talliesQuery } from './list-campaigns';

/**
 * A campaign to 100k customers has 100k recipient rows, and every delivery asks whether its
 * campaign is done: the list's counts and that question must go through campaign_recipients'
 * (campaign_id, status) index, never a scan. Sequential scans priced out, as the other plan tests do.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);

it('counts a page of campaigns’ recipients by status through campaign_recipients_status_idx', async () => {
  const plan = await planOf(talliesQuery(t.database.db, [1, 2, 3]).getSQL());
  expect(plan).toContain('campaign_recipients_status_idx');
  expect(plan).not.toMatch(/Seq Scan on campaign_recipients/);
});

it('asks whether a campaign is done with one probe of the same index', async () => {
  const plan = await planOf(finishCampaignSql(7));
  expect(plan).toContain('campaign_recipients_status_idx');
  expect(plan).not.toMatch(/Seq Scan on campaign_recipients/);
});
