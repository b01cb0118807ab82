import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { breakdownSql } from './report-breakdown';
import { comparisonSql } from './report-comparison';

/**
 * The comparison and the breakdowns read sign-ups, paid orders and ended licences by a range scan
 * of their timestamp's index, never by scanning the table: at 100k customers and 300k orders a scan
 * is the whole budget. With sequential scans priced out (as customers/query-plans.test.ts does), the
 * planner picks an index exactly when the query lets it.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);

const week = {
  previous: { start: new Date('2025-03-02T16:00:00Z'), end: new Date('2025-03-09T16:00:00Z') },
  current: { start: new Date('2025-03-09T16:00:00Z'), end: new Date('2025-03-16T16:00:00Z') },
};

it('counts both periods of sign-ups, paid orders and succeeded refunds in one range scan of their index', async () => {
  const q = comparisonSql(week);
  const users = await planOf(q.users);
  expect(users).toContain('users_role_created_idx');
  expect(users).not.toContain('Seq Scan');
  const orders = await planOf(q.orders);
  expect(orders).toContain('orders_paid_idx');
  expect(orders).not.toContain('Seq Scan');
  // The partial index of succeeded refunds by the time they succeeded (its state a literal, so the
  // planner can prove the index's predicate).
  const refunds = await planOf(q.refunds);
  expect(refunds).toContain('refunds_succeeded_idx');
  expect(refunds).not.toContain('Seq Scan');
});

it('reads the breakdown by product and by country from the paid orders of the period, lines by their order', async () => {
  const q = breakdownSql(week.current);
  const byProduct = await planOf(q.byProduct);
  expect(byProduct).toContain('orders_paid_idx');
  expect(byProduct).toContain('order_lines_order_idx');
  // The period's refunds by their partial index, their lines by the refund (primary key), and
  // those lines' products by the order line (primary key).
  expect(byProduct).toContain('refunds_succeeded_idx');
  expect(byProduct).toContain('refund_lines_refund_id_order_line_id_pk');
  expect(byProduct).toContain('order_lines_pkey');
  expect(byProduct).not.toContain('Seq Scan');
  const byCountry = await planOf(q.byCountry);
  expect(byCountry).toContain('orders_paid_idx');
  expect(byCountry).toContain('refunds_succeeded_idx');
  expect(byCountry).toContain('orders_pkey');
  expect(byCountry).not.toContain('Seq Scan');
});

it('finds the licences that ended by their end (licenses_ended_idx) and the renewals by their partial index', async () => {
  const plan = await planOf(breakdownSql(week.current).renewals);
  expect(plan).toContain('licenses_ended_idx');
  expect(plan).toContain('order_lines_renews_idx');
  expect(plan).not.toContain('Seq Scan');
});

it('reads the renewals card from the paid orders of the period, the renewal orders by their partial index and the renewing licences by theirs', async () => {
  const { renewalReportSql } = await import('./report-renewals');
  const now = week.current.end;
  const q = renewalReportSql(week.current, now, new Date(now.getTime() + 30 * 24 * 3600 * 1000));
  const paid = await planOf(q.paid);
  expect(paid).toContain('orders_paid_idx');
  expect(paid).not.toContain('Seq Scan');
  const failed = await planOf(q.failed);
  expect(failed).toContain('orders_renewal_term_idx'); // given-up orders: not in the unique index of live ones
  expect(failed).not.toContain('Seq Scan');
  const upcoming = await planOf(q.upcoming);
  expect(upcoming).toContain('licenses_renewal_due_idx');
  expect(upcoming).not.toContain('Seq Scan');
});
