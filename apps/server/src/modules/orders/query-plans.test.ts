import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onPostgres, openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { slipLinesQuery, slipOrdersQuery } from './find-packing-slips';
import { userOrdersPageQuery } from './list-user-orders';

/**
 * A hundred packing slips are two queries, each read through an index: the orders by their
 * primary key, all their lines by order_lines_order_idx; never a scan of 300k orders or their
 * lines. Sequential scans priced out (as the other query-plan tests do), the planner picks an
 * index exactly when the query lets it.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);

const IDS = Array.from({ length: 100 }, (_, i) => 1000 + i);

it('reads the packing slips’ orders and their lines through indexes, the lines by order_lines_order_idx', async () => {
  const orders = await planOf(slipOrdersQuery(t.database.db, IDS).getSQL());
  // Empty tables leave the planner free to pick among the indexes the filter can use (the key or
  // payment status); what must not happen is a scan of every order.
  expect(orders).toMatch(/Index (Only )?Scan using orders_|Bitmap Index Scan on orders_/);
  expect(orders).not.toMatch(/Seq Scan/);
  const lines = await planOf(slipLinesQuery(t.database.db, IDS).getSQL());
  expect(lines).toContain('order_lines_order_idx');
  expect(lines).not.toMatch(/Seq Scan/);
});

it('reads a customer’s page of orders, its total, lines and refunds through indexes, whatever the page', async () => {
  for (const offset of [undefined, 40]) {
    const plan = await planOf(userOrdersPageQuery(t.database.db, { userId: 42, limit: 10, offset }).getSQL());
    // The page and its total by the customer's (user_id, created_at) index; each order's lines and
    // refunds by their order's index, the credit note and refund lines by theirs.
    expect(plan).toContain('orders_user_created_idx');
    expect(plan).toContain('order_lines_order_idx');
    expect(plan).toContain('refunds_order_idx');
    expect(plan).toMatch(/credit_notes_refund_uq/);
    expect(plan).toContain('refund_lines_refund_id_order_line_id_pk');
    expect(plan).not.toMatch(/Seq Scan/);
  }
});

it.skipIf(!onPostgres())(
  'plans a customer’s first page once on PostgreSQL: its statement takes the generic plan, not a new plan per call',
  async () => {
    // The statement the app prepares (list_user_orders_first_page), on a connection of its own
    // so that pg_prepared_statements shows its plans. With OFFSET as a parameter PostgreSQL priced
    // the generic plan above the custom one and planned every execution again.
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      const { sql, params } = userOrdersPageQuery(t.database.db, { userId: 42, limit: 10 }).toSQL();
      for (let i = 0; i < 12; i++) await client.query({ name: 'first_page', text: sql, values: params });
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        "select generic_plans, custom_plans from pg_prepared_statements where name = 'first_page'",
      );
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(6);
      expect(Number(rows[0]!.custom_plans)).toBeLessThanOrEqual(6);
    } finally {
      await client.end();
    }
  },
);
