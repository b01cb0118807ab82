import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { creditNoteBoundsSql, creditNotesBatchSql } from './credit-notes-csv';
import { exportRange } from './export-range';
import { invoiceBoundsSql, invoicesBatchSql } from './invoices-csv';
import { ordersBatchSql } from './orders-csv';

/**
 * Each batch of an export is a range scan of an index, never a scan of the table: at 300k orders a
 * scan per batch would make a year's export quadratic. With sequential scans priced out (as
 * reports/query-plans.test.ts does), the planner picks an index exactly when the query lets it.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);

const range = exportRange({ from: '2026-11-01', to: '2026-11-30' }, 'Asia/Singapore');

it('reads the orders paid in the range by orders_paid_idx, the first batch and the ones after a cursor, with their lines by order', async () => {
  for (const after of [null, { at: '2026-11-10 01:02:03.000004+00', id: 42 }]) {
    const plan = await planOf(ordersBatchSql(range, after, 1000));
    expect(plan).toContain('orders_paid_idx');
    expect(plan).toContain('order_lines_order_idx');
    expect(plan).not.toContain('Seq Scan');
  }
});

it('bounds the invoices by invoices_created_idx and walks them by number (invoices_no_uq), their order by its key', async () => {
  const bounds = await planOf(invoiceBoundsSql(range));
  expect(bounds).toContain('invoices_created_idx');
  expect(bounds).not.toContain('Seq Scan');
  const batch = await planOf(invoicesBatchSql(range, 5000, 6000));
  expect(batch).toContain('invoices_no_uq');
  expect(batch).toContain('orders_pkey');
  expect(batch).toContain('order_lines_order_idx');
  expect(batch).not.toContain('Seq Scan');
});

it('bounds the credit notes by credit_notes_issued_idx and walks them by number (credit_notes_no_uq)', async () => {
  const bounds = await planOf(creditNoteBoundsSql(range));
  expect(bounds).toContain('credit_notes_issued_idx');
  expect(bounds).not.toContain('Seq Scan');
  const batch = await planOf(creditNotesBatchSql(range, 10, 1010));
  expect(batch).toContain('credit_notes_no_uq');
  expect(batch).not.toContain('Seq Scan');
});
