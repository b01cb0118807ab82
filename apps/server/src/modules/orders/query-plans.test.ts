import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
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
  for (const offset of [0, 40]) {
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
