import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { boothPageSqlForPlan } from './list-booths';

/**
 * The fleet view's page query must read a customer's licences through (user_id, device_id) and
 * the usage counts through usage_device_hourly's key, never by scanning a table: with a million
 * events in the shop a scan of any of them is the whole budget. With sequential scans priced
 * out (as analytics/query-plans.test.ts does), the planner picks an index exactly when the
 * query lets it.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);

it('reads the caller’s licences by (user_id, device_id), the usage by its key, and scans no table', async () => {
  const plan = await planOf(boothPageSqlForPlan(42, new Date('2026-11-20T10:00:00Z')));
  expect(plan).toContain('licenses_user_device_idx');
  expect(plan).toContain('usage_device_hourly_device_hour_idx');
  expect(plan).toContain('licenses_pkey');
  expect(plan).not.toMatch(/Seq Scan on (licenses|usage_device_hourly|usage_events|booth_names)/);
  // The events themselves are never read: the triggers' hourly counts stand for them.
  expect(plan).not.toContain('usage_events');
});
