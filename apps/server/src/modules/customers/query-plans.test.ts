import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { customerDetailSql } from './find-customer';
import { searchSql, searchTerms } from './search-customers';
import { timelinePageSql } from './timeline-sql';

/**
 * The customer page reads each table by the customer and the search by its indexes, never by
 * scanning a table: at 100k customers and 300k orders a scan of any of them is the whole budget.
 * With sequential scans priced out (as booths/query-plans.test.ts does), the planner picks an
 * index exactly when the query lets it.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);

it('reads the timeline of one customer through each table’s index on the customer', async () => {
  const plan = await planOf(timelinePageSql(42, 20, 40));
  for (const index of ['users_pkey', 'auth_events_user_idx', 'orders_user_created_idx', 'invoices_user_created_idx', 'admin_audit_subject_idx', 'order_lines_renews_idx']) {
    expect(plan, index).toContain(index);
  }
  expect(plan).toMatch(/licenses_user_(expires|device)_idx/);
  for (const index of ['license_offline_activations_license', 'license_device_addresses_uq', 'license_deactivations_license_idx', 'license_device_resets_license_idx']) {
    expect(plan, index).toContain(index);
  }
  expect(plan).not.toContain('Seq Scan');
});

it('counts the customer’s records by index', async () => {
  const plan = await planOf(customerDetailSql(42));
  expect(plan).not.toContain('Seq Scan');
});

it('searches by key hash, order and invoice number, and the lower(...) prefix indexes', async () => {
  const plan = await planOf(searchSql(searchTerms('1042'), 10));
  expect(plan).toContain('orders_pkey');
  expect(plan).toContain('invoices_no_uq');
  expect(plan).not.toContain('Seq Scan');
  const byKey = await planOf(searchSql(searchTerms('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567'), 10));
  expect(byKey).toContain('licenses_key_hash_uq');
  expect(byKey).not.toContain('Seq Scan');
  const byText = await planOf(searchSql(searchTerms('ann lee'), 10));
  expect(byText).toContain('users_first_name_prefix_idx');
  expect(byText).toContain('users_last_name_prefix_idx');
  expect(byText).not.toContain('Seq Scan');
  const byEmail = await planOf(searchSql(searchTerms('ann'), 10));
  expect(byEmail).toContain('users_email_prefix_idx');
  expect(byEmail).not.toContain('Seq Scan');
});
