import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { slipLinesQuery, slipOrdersQuery } from './find-packing-slips';

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
