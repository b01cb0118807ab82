import { desc, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { onPostgres, openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { slipLinesQuery, slipOrdersQuery } from './find-packing-slips';
import { orders } from '../../db/schema';
import { adminOrdersWhere } from './list-all-orders';
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

it('ORDERS by payment state, and a search by order number, read through indexes (issue 37)', async () => {
  const page = (q: Parameters<typeof adminOrdersWhere>[0]) =>
    t.database.db.select().from(orders).where(adminOrdersWhere(q, 'Asia/Singapore')).orderBy(desc(orders.createdAt), desc(orders.id)).limit(20);
  // Abandoned checkouts, newest first: (payment_status, created_at), not every order read.
  const unpaid = await planOf(page({ page: 1, page_size: 20, q: undefined, payment: 'unpaid' }));
  expect(unpaid).toContain('orders_payment_status_idx');
  expect(unpaid).not.toMatch(/Seq Scan/);
  // '4001' finds that order by its key whatever its payment state.
  const byNumber = await planOf(page({ page: 1, page_size: 20, q: '4001' }));
  expect(byNumber).toContain('orders_pkey');
  expect(byNumber).not.toMatch(/Seq Scan/);
});

/**
 * The plans a customer's page statement got over calls for `userIds`, on `client`: prepared as the
 * app prepares it (placeholders), the first page's or the one with OFFSET.
 */
async function plansOver(client: import('pg').Client, name: string, userIds: number[], withOffset: boolean) {
  const placeholders = { userId: sql.placeholder('userId'), limit: sql.placeholder('limit'), ...(withOffset ? { offset: sql.placeholder('offset') } : {}) };
  const query = userOrdersPageQuery(t.database.db, placeholders).toSQL();
  for (const userId of userIds) await client.query({ name, text: query.sql, values: fillPlaceholders(query.params, { userId, limit: 10, offset: 0 }) });
  const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>('select generic_plans, custom_plans from pg_prepared_statements where name = $1', [name]);
  return { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) };
}

// PostgreSQL plans a prepared statement's first five calls for their values, then keeps one
// generic plan unless it is priced above those: then it plans every call again.
it.skipIf(!onPostgres())(
  'plans a customer’s first page once on PostgreSQL, on a new shop and on one with orders: the statement keeps the generic plan',
  async () => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      // A new shop: this test's database, its tables empty and never analysed (bench:api's case).
      // There, with OFFSET as a parameter, the generic plan was priced above the custom one, and
      // every call was planned again (about 0.5 ms of planning against 0.2 ms of execution).
      const ids = Array.from({ length: 20 }, (_, i) => i + 1);
      expect(await plansOver(client, 'first_page', ids, false)).toEqual({ generic: 15, custom: 5 });
      // What it replaced, planned on every call on the same tables.
      expect(await plansOver(client, 'with_offset', ids, true)).toEqual({ generic: 0, custom: 20 });

      // A shop with orders, analysed: 500 customers with 4 paid orders each.
      await client.query(`insert into users (username, email) select 'plan' || g, 'plan' || g || '@example.com' from generate_series(1, 500) g`);
      await client.query(`insert into orders (user_id, email, needs_shipping, subtotal_cents, shipping_cents, discount_cents, total_cents, payment_provider, payment_status, paid_at)
        select u.id, u.email, false, 2200, 0, 0, 2200, 'local', 'paid', now() - g * interval '1 day' from users u, generate_series(1, 4) g where u.email like 'plan%'`);
      await client.query('vacuum analyze users, orders, order_lines, refunds, refund_lines, credit_notes');
      const { rows } = await client.query<{ id: number }>(`select id from users where email like 'plan%' order by id limit 20`);
      expect(await plansOver(client, 'first_page_analysed', rows.map((r) => r.id), false)).toEqual({ generic: 15, custom: 5 });
    } finally {
      await client.end();
    }
  },
);
