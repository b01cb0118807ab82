import { desc, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolvePeriod } from '@lbs/domain/report-periods';
import type { ReportMetric } from '@lbs/domain/schemas';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { usageEvents } from '../../db/schema';
import { metricSql, type ReportClock } from '../reports/daily-series';
import { eventsWhere } from './list-usage-events';
import { boothRankingSql } from './rank-booths';
import { usageDailySql, usageSummarySql } from './usage-report';

/**
 * The report and analytics queries must be able to use their timestamp indexes: a day range that
 * only a sequential scan can serve would read the whole table at a million events. With
 * sequential scans priced out, the planner picks the index exactly when the predicate lets it.
 */

const clock: ReportClock = { now: new Date('2025-03-12T04:00:00Z'), timeZone: 'Asia/Singapore' };
const month = resolvePeriod({ period: 'last_1_month' }, clock.now, clock.timeZone);

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);

it.each([
  ['an events page', () => t.database.db.select().from(usageEvents).where(eventsWhere('success', { period: 'last_7_days' }, clock)).orderBy(desc(usageEvents.occurredAt), desc(usageEvents.id)).limit(10)],
  ['an errors page with from/to', () => t.database.db.select().from(usageEvents).where(eventsWhere('error', { from: '2025-03-01', to: '2025-03-05' }, clock)).orderBy(desc(usageEvents.occurredAt), desc(usageEvents.id)).limit(10)],
  ['the usage summary', () => usageSummarySql(month.startUtc, month.endUtcExclusive)],
  ['the usage per day', () => usageDailySql(month.days, clock.timeZone)],
])('%s uses usage_events (kind, occurred_at)', async (_name, query) => {
  expect(await planOf(query())).toContain('usage_events_kind_time_idx');
});

it.each<[ReportMetric, string]>([
  ['total_users', 'users_role_created_idx'],
  ['total_orders', 'orders_paid_idx'],
  ['total_income', 'orders_paid_idx'],
  ['total_income', 'refunds_succeeded_idx'],
  ['total_refunds', 'refunds_succeeded_idx'],
])('the %s series uses %s', async (metric, index) => {
  const plan = await planOf(metricSql(metric, month.days, clock));
  expect(plan).toContain(index);
  expect(plan).not.toContain('Seq Scan');
});

it.each(['events', 'errors'] as const)('the booths ranked by %s read usage_device_hourly by its hour index, never the events', async (order) => {
  const plan = await planOf(boothRankingSql(order, month.startUtc, month.endUtcExclusive));
  expect(plan).toContain('usage_device_hourly_hour_idx');
  expect(plan).not.toContain('usage_events');
});

it('a half-hour zone reads only its period’s edges from the events, by (kind, occurred_at)', async () => {
  const india = resolvePeriod({ period: 'last_1_month' }, clock.now, 'Asia/Kolkata');
  const plan = await planOf(boothRankingSql('events', india.startUtc, india.endUtcExclusive));
  expect(plan).toContain('usage_device_hourly_hour_idx');
  expect(plan).toContain('usage_events_kind_time_idx');
});
