import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTING_EXPORT_COLUMNS, ACCOUNTING_EXPORTS, EXPORT_MSG, lastMonthRange } from '@lbs/domain/accounting-exports';
import type { TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import { insertCreditNote, insertInvoice, insertManyOrders, insertPaidOrder } from '../../../test/export-fixtures';
import type { TestUser } from '../../../test/fixtures';
import { selectRows } from '../../db/select-rows';
import { exportRange } from './export-range';
import { creditNoteExportBatches } from './credit-notes-csv';
import { exportInvoicesCsv, invoiceExportBatches } from './invoices-csv';
import { exportOrdersCsv, orderExportBatches } from './orders-csv';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp());
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const BOM = '\uFEFF';

/** The CSV's records, header first: RFC 4180 read back (quoted cells, "" for a quote, CRLF between records). */
function parseCsv(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  const text = body.slice(1);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || record.length) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

const sgt = (local: string) => new Date(`${local}+08:00`);
const money = (cells: string[]) => cells.reduce((s, c) => s + Math.round(Number(c) * 100), 0);

describe('who may export', () => {
  const urls = ['/api/export/defaults', ...ACCOUNTING_EXPORTS.flatMap((k) => [`/api/export/${k}.csv?from=2026-03-01&to=2026-03-31`, `/api/export/${k}.csv`, `/api/export/${k}.csv?from=x&bogus=1`])];

  it('answers a stranger 401 and a customer 403, whatever the query (authorisation before validation)', async () => {
    for (const url of urls) {
      const anon = await get(url);
      expect(anon.statusCode, url).toBe(401);
      expect(anon.json(), url).toEqual({ detail: expect.any(String) });
      const res = await get(url, customer);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
  });

  it('answers an admin 400 {detail} for a missing, malformed, reversed or too long range', async () => {
    const cases: Array<[string, string | RegExp]> = [
      ['', /from|to/],
      ['from=2026-03-01', /to/],
      ['from=2026-3-1&to=2026-03-31', EXPORT_MSG.dateFormat],
      ['from=2026-02-30&to=2026-03-31', EXPORT_MSG.dateFormat],
      ['from=2026-03-31&to=2026-03-01', EXPORT_MSG.fromAfterTo],
      ['from=2025-01-01&to=2026-01-02', EXPORT_MSG.rangeTooLong],
      ['from=2026-03-01&to=2026-03-31&bogus=1', /bogus/],
      ['from=0001-01-01&to=0001-01-02', EXPORT_MSG.dayOutOfRange],
    ];
    for (const kind of ACCOUNTING_EXPORTS) {
      for (const [query, message] of cases) {
        const res = await get(`/api/export/${kind}.csv?${query}`, admin);
        expect(res.statusCode, `${kind} ${query}`).toBe(400);
        expect(res.json().detail, `${kind} ${query}`).toMatch(message);
      }
      // A leap year, both ends included, is the longest range.
      expect((await get(`/api/export/${kind}.csv?from=2024-01-01&to=2024-12-31`, admin)).statusCode).toBe(200);
    }
  });
});

describe('GET /export/defaults', () => {
  it("names the business zone and last month's range there", async () => {
    const res = await get('/api/export/defaults', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ time_zone: 'Asia/Singapore', ...lastMonthRange(new Date(), 'Asia/Singapore'), max_days: 366 });
  });

  it('is the whole calendar month before the business day, which in Singapore starts 8 hours before UTC', () => {
    expect(lastMonthRange(new Date('2026-11-30T16:30:00Z'), 'Asia/Singapore')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(lastMonthRange(new Date('2026-11-30T16:30:00Z'), 'UTC')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonthRange(new Date('2026-03-10T00:00:00Z'), 'Asia/Singapore')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastMonthRange(new Date('2026-01-05T00:00:00Z'), 'Asia/Singapore')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('the orders of March 2026 (Singapore business days)', () => {
  let first: Awaited<ReturnType<typeof insertPaidOrder>>;
  let refunded: Awaited<ReturnType<typeof insertPaidOrder>>;

  beforeAll(async () => {
    const buyer = { id: customer.id, email: 'ann@march.test' };
    // 00:30 on 1 March in Singapore is still February in UTC: in.
    first = await insertPaidOrder(t.db, buyer, {
      paidAt: sgt('2026-03-01T00:30:00'),
      lines: [
        { name: 'Adhesion Roller', quantity: 2, unitCents: 2500 },
        { name: 'Yearly License', quantity: 1, unitCents: 150_000 },
      ],
      shippingCents: 1200,
      discountCents: 500,
      country: 'SG',
    });
    // A formula in the address, the name of a line and the country; partly refunded.
    refunded = await insertPaidOrder(t.db, { id: customer.id, email: '=cmd|calc@march.test' }, {
      paidAt: sgt('2026-03-15T12:00:00'),
      lines: [{ name: '@SUM(1+1)', quantity: 1, unitCents: 9900 }],
      country: '+ID',
      refundedCents: 4000,
      paymentStatus: 'partially_refunded',
    });
    await insertCreditNote(t.db, refunded, { no: 601, amountCents: 4000, reason: 'Part back', issuedAt: sgt('2026-03-20T12:00:00'), invoiceId: null });
    // A licence only: no shipping address, no country. Refunded in full, still an order paid in March.
    const pass = await insertPaidOrder(t.db, buyer, { paidAt: sgt('2026-03-31T23:59:59'), lines: [{ name: 'Daily Pass', quantity: 1, unitCents: 1000 }], country: null, refundedCents: 1000, paymentStatus: 'refunded' });
    await insertCreditNote(t.db, pass, { no: 602, amountCents: 1000, reason: 'Not used', issuedAt: new Date(pass.paidAt!.getTime() + 500), invoiceId: null });
    // Out: paid on 1 April in Singapore (still 31 March in UTC), paid in February, never paid.
    await insertPaidOrder(t.db, buyer, { paidAt: sgt('2026-04-01T00:00:00'), lines: [{ name: 'Late', quantity: 1, unitCents: 100 }] });
    await insertPaidOrder(t.db, buyer, { paidAt: sgt('2026-02-28T23:59:59'), lines: [{ name: 'Early', quantity: 1, unitCents: 100 }] });
    await insertPaidOrder(t.db, buyer, { paidAt: null, lines: [{ name: 'Unpaid', quantity: 1, unitCents: 100 }] });
  });

  it('is a CSV attachment named after its range, with a byte-order mark and the header row', async () => {
    const res = await get('/api/export/orders.csv?from=2026-03-01&to=2026-03-31', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lentibooth-orders-2026-03-01-to-2026-03-31.csv"');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header] = parseCsv(res.body);
    expect(header).toEqual([...ACCOUNTING_EXPORT_COLUMNS.orders]);
    expect(res.body.slice(1).split('\r\n')[0]).toBe('Order,Date paid,Customer,Country,Lines,Subtotal,Shipping,Discount,Refunds in range,Total,Net,Currency,Payment status at range end');
  });

  it('lists every order paid in the range, oldest first, with lines, plain decimal amounts and the payment state', async () => {
    const [, ...rows] = parseCsv((await get('/api/export/orders.csv?from=2026-03-01&to=2026-03-31', admin)).body);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual([String(first.id), '2026-03-01', 'ann@march.test', 'SG', '2 × Adhesion Roller; 1 × Yearly License', '1550.00', '12.00', '5.00', '0.00', '1557.00', '1557.00', 'USD', 'Paid']);
    // Formulas defused: a leading apostrophe on every cell a spreadsheet would run.
    expect(rows[1]).toEqual([String(refunded.id), '2026-03-15', "'=cmd|calc@march.test", "'+ID", '1 × @SUM(1+1)', '99.00', '0.00', '0.00', '40.00', '99.00', '59.00', 'USD', 'Partially refunded']);
    expect(rows[2]!.slice(1)).toEqual(['2026-03-31', 'ann@march.test', '', '1 × Daily Pass', '10.00', '0.00', '0.00', '10.00', '10.00', '0.00', 'USD', 'Refunded']);
  });

  it('adds up to what SQL says was charged on the orders paid in those days and refunded on them inside those days', async () => {
    const [, ...rows] = parseCsv((await get('/api/export/orders.csv?from=2026-03-01&to=2026-03-31', admin)).body);
    const range = exportRange({ from: '2026-03-01', to: '2026-03-31' }, 'Asia/Singapore');
    const within = (column: string) => sql`${sql.raw(column)} >= ${range.start.toISOString()}::timestamptz and ${sql.raw(column)} < ${range.end.toISOString()}::timestamptz`;
    const [sums] = await selectRows<{ n: number; total: number; refunded: number; subtotal: number; shipping: number; discount: number }>(
      t.db,
      sql`select count(*)::int as n, sum(total_cents)::int as total, sum(subtotal_cents)::int as subtotal,
                 sum(shipping_cents)::int as shipping, sum(discount_cents)::int as discount,
                 (select coalesce(sum(r.amount_cents), 0)::int from refunds r join orders p on p.id = r.order_id
                   where r.state = 'succeeded' and ${within('r.succeeded_at')} and ${within('p.paid_at')}) as refunded
            from orders where paid_at is not null and ${within('paid_at')}`,
    );
    expect(rows.length).toBe(sums!.n);
    const col = (name: string) => rows.map((r) => r[ACCOUNTING_EXPORT_COLUMNS.orders.indexOf(name as never)]!);
    expect(money(col('Total'))).toBe(sums!.total);
    expect(money(col('Refunds in range'))).toBe(sums!.refunded);
    expect(money(col('Net'))).toBe(sums!.total - sums!.refunded);
    expect(money(col('Subtotal')) + money(col('Shipping')) - money(col('Discount'))).toBe(sums!.total);
  });

  it('takes one day as a range of one', async () => {
    const [, ...rows] = parseCsv((await get('/api/export/orders.csv?from=2026-03-15&to=2026-03-15', admin)).body);
    expect(rows.map((r) => r[0])).toEqual([String(refunded.id)]);
  });
});

describe('invoices and credit notes of May 2026', () => {
  beforeAll(async () => {
    const buyer = { id: customer.id, email: 'bo@may.test' };
    const a = await insertPaidOrder(t.db, buyer, { paidAt: sgt('2026-05-01T00:10:00'), lines: [{ name: 'Setup Kit', quantity: 1, unitCents: 150_000 }, { name: 'Sheets', quantity: 3, unitCents: 2000 }], shippingCents: 2500, country: 'MY', refundedCents: 6000, paymentStatus: 'partially_refunded' });
    const b = await insertPaidOrder(t.db, { id: customer.id, email: '-x@may.test' }, { paidAt: sgt('2026-05-20T10:00:00'), lines: [{ name: 'Monthly License', quantity: 1, unitCents: 2900 }], country: null });
    const out = await insertPaidOrder(t.db, buyer, { paidAt: sgt('2026-04-30T23:00:00'), lines: [{ name: 'April', quantity: 1, unitCents: 100 }] });
    const invA = await insertInvoice(t.db, a, 5001, sgt('2026-05-01T00:10:00'));
    await insertInvoice(t.db, b, 5002, sgt('2026-05-20T10:00:00'));
    await insertInvoice(t.db, out, 5000, sgt('2026-04-30T23:00:00'));
    await insertCreditNote(t.db, a, { no: 701, amountCents: 2000, reason: 'One sheet pack damaged', issuedAt: sgt('2026-05-02T09:00:00'), invoiceId: invA.id });
    await insertCreditNote(t.db, a, { no: 702, amountCents: 4000, reason: '=1+1 goodwill, "as agreed"', issuedAt: sgt('2026-05-31T23:30:00'), invoiceId: invA.id });
    // Issued on 1 June in Singapore: out.
    await insertCreditNote(t.db, out, { no: 703, amountCents: 100, reason: 'June', issuedAt: sgt('2026-06-01T00:00:01'), invoiceId: null });
  });

  it('lists the invoices issued in the range in number order, with their order, lines and refunds', async () => {
    const res = await get('/api/export/invoices.csv?from=2026-05-01&to=2026-05-31', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="lentibooth-invoices-2026-05-01-to-2026-05-31.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...ACCOUNTING_EXPORT_COLUMNS.invoices]);
    expect(rows.map((r) => r[0])).toEqual(['INV-005001', 'INV-005002']);
    expect(rows[0]!.slice(1)).toEqual(['2026-05-01', expect.any(String), 'bo@may.test', 'MY', '1 × Setup Kit; 3 × Sheets', '1560.00', '25.00', '0.00', '60.00', '1585.00', 'USD']);
    expect(rows[1]!.slice(3)).toEqual(["'-x@may.test", '', '1 × Monthly License', '29.00', '0.00', '0.00', '0.00', '29.00', 'USD']);
  });

  it('lists the credit notes issued in the range as CN-n with the invoice they correct', async () => {
    const res = await get('/api/export/credit-notes.csv?from=2026-05-01&to=2026-05-31', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="lentibooth-credit-notes-2026-05-01-to-2026-05-31.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...ACCOUNTING_EXPORT_COLUMNS['credit-notes']]);
    expect(rows).toEqual([
      ['CN-701', '2026-05-02', 'INV-005001', expect.any(String), 'bo@may.test', 'MY', '20.00', 'USD', 'One sheet pack damaged'],
      ['CN-702', '2026-05-31', 'INV-005001', expect.any(String), 'bo@may.test', 'MY', '40.00', 'USD', `'=1+1 goodwill, "as agreed"`],
    ]);
    expect(res.body).toContain(`"'=1+1 goodwill, ""as agreed"""`);
  });

  it('answers a header row alone for a range without any', async () => {
    for (const kind of ACCOUNTING_EXPORTS) {
      const rows = parseCsv((await get(`/api/export/${kind}.csv?from=1999-01-01&to=1999-01-31`, admin)).body);
      expect(rows, kind).toEqual([[...ACCOUNTING_EXPORT_COLUMNS[kind]]]);
    }
  });
});

describe("the accountant's October 2025: a closed range exports the same files whenever they are made (issue 37)", () => {
  const oct = 'from=2025-10-01&to=2025-10-31';
  const exportAll = async () =>
    Object.fromEntries(await Promise.all(ACCOUNTING_EXPORTS.map(async (k) => [k, (await get(`/api/export/${k}.csv?${oct}`, admin)).rawPayload] as const)));
  /** A refund the way the refund engine leaves it: a succeeded refund with its credit note, and the order's refunded total and state. */
  async function refund(order: Awaited<ReturnType<typeof insertPaidOrder>>, no: number, cents: number, at: Date, invoiceId: number | null) {
    await insertCreditNote(t.db, order, { no, amountCents: cents, reason: `refund ${no}`, issuedAt: at, invoiceId });
    await t.db.execute(sql`update orders set refunded_cents = refunded_cents + ${cents},
      payment_status = case when refunded_cents + ${cents} >= total_cents then 'refunded' else 'partially_refunded' end where id = ${order.id}`);
  }
  let a: Awaited<ReturnType<typeof insertPaidOrder>>;
  let b: Awaited<ReturnType<typeof insertPaidOrder>>;
  let invA: Awaited<ReturnType<typeof insertInvoice>>;
  let invB: Awaited<ReturnType<typeof insertInvoice>>;

  beforeAll(async () => {
    const buyer = { id: customer.id, email: 'cy@october.test' };
    a = await insertPaidOrder(t.db, buyer, { paidAt: sgt('2025-10-05T10:00:00'), lines: [{ name: 'Yearly License', quantity: 1, unitCents: 10_000 }] });
    b = await insertPaidOrder(t.db, buyer, { paidAt: sgt('2025-10-31T23:00:00'), lines: [{ name: 'Roller', quantity: 1, unitCents: 5_000 }], shippingCents: 700 });
    // Paid in September, refunded in October: in October's credit notes and REPORT's October net, not in its orders.
    const sept = await insertPaidOrder(t.db, buyer, { paidAt: sgt('2025-09-30T12:00:00'), lines: [{ name: 'Monthly License', quantity: 1, unitCents: 3_000 }] });
    invA = await insertInvoice(t.db, a, 9101, a.paidAt!);
    invB = await insertInvoice(t.db, b, 9102, b.paidAt!);
    const invS = await insertInvoice(t.db, sept, 9100, sept.paidAt!);
    await refund(a, 9201, 2_000, sgt('2025-10-10T09:00:00'), invA.id);
    await refund(sept, 9202, 1_000, sgt('2025-10-15T09:00:00'), invS.id);
  });

  it('gives the same bytes after refunds made in November, and orders at what was paid less the refunds of October', async () => {
    const before = await exportAll();
    // November: the rest of A and part of B go back.
    await refund(a, 9203, 8_000, sgt('2025-11-02T09:00:00'), invA.id);
    await refund(b, 9204, 1_000, sgt('2025-11-01T00:00:01'), invB.id);
    const after = await exportAll();
    for (const kind of ACCOUNTING_EXPORTS) expect(after[kind]!.toString('utf8'), kind).toBe(before[kind]!.toString('utf8'));
    for (const kind of ACCOUNTING_EXPORTS) expect(after[kind]!.equals(before[kind]!), kind).toBe(true);
    const [header, ...rows] = parseCsv(after.orders!.toString('utf8'));
    const col = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(rows.map((r) => r[0])).toEqual([String(a.id), String(b.id)]);
    expect([col(rows[0]!, 'Total'), col(rows[0]!, 'Refunds in range'), col(rows[0]!, 'Net'), col(rows[0]!, 'Payment status at range end')]).toEqual(['100.00', '20.00', '80.00', 'Partially refunded']);
    expect([col(rows[1]!, 'Total'), col(rows[1]!, 'Refunds in range'), col(rows[1]!, 'Net'), col(rows[1]!, 'Payment status at range end')]).toEqual(['57.00', '0.00', '57.00', 'Paid']);
  });

  it('reconciles with REPORT for the same days: the orders paid less the credit notes issued is the net income', async () => {
    const orders = parseCsv((await get(`/api/export/orders.csv?${oct}`, admin)).body);
    const notes = parseCsv((await get(`/api/export/credit-notes.csv?${oct}`, admin)).body);
    const paid = money(orders.slice(1).map((r) => r[orders[0]!.indexOf('Total')]!));
    const refunded = money(notes.slice(1).map((r) => r[notes[0]!.indexOf('Amount')]!));
    expect([paid, refunded]).toEqual([15_700, 3_000]);
    const report = (await get('/api/report/compare?start_date=2025-10-01&end_date=2025-10-31', admin)).json() as { total_income: { current: number }; total_refunds: { current: number } };
    expect(Math.round(report.total_income.current * 100)).toBe(paid - refunded);
    expect(Math.round(report.total_refunds.current * 100)).toBe(refunded);
    const series = (await get('/api/report/summary/total_income?start_date=2025-10-01&end_date=2025-10-31', admin)).json() as Array<{ income: number }>;
    expect(series.reduce((s, d) => s + Math.round(d.income * 100), 0)).toBe(paid - refunded);
    // The invoices of October say the same as its orders.
    const invoices = parseCsv((await get(`/api/export/invoices.csv?${oct}`, admin)).body);
    expect(money(invoices.slice(1).map((r) => r[invoices[0]!.indexOf('Total')]!))).toBe(paid);
    expect(money(invoices.slice(1).map((r) => r[invoices[0]!.indexOf('Refunds in range')]!))).toBe(2_000);
  });
});

describe('a month of 2,500 orders (January 2025), in batches of 1,000', () => {
  const range = exportRange({ from: '2025-01-01', to: '2025-01-31' }, 'Asia/Singapore');
  beforeAll(async () => {
    // One paid every 15 minutes from 1 January, 00:00 Singapore: 2,500 of them end on 27 January.
    await insertManyOrders(t.db, customer, { count: 2500, firstPaidAt: sgt('2025-01-01T00:00:00'), stepSeconds: 900, firstInvoiceNo: 100_001, firstCreditNoteNo: 10_001, tag: 'jan25' });
  }, 60_000);

  it('streams every order once, in payment order, across the batches', async () => {
    const res = await get('/api/export/orders.csv?from=2025-01-01&to=2025-01-31', admin);
    const [, ...rows] = parseCsv(res.body);
    expect(rows).toHaveLength(2500);
    const emails = rows.map((r) => r[2]);
    expect(emails).toEqual(Array.from({ length: 2500 }, (_, i) => `bulk${i + 1}@jan25.test`));
    expect(rows[0]![4]).toBe('2 × Adhesion Roller; 1 × Yearly License');
    const sizes: number[] = [];
    for await (const batch of orderExportBatches(t.db, range)) sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);
  }, 60_000);

  it('streams every invoice and credit note once, in number order', async () => {
    const invoices = parseCsv((await get('/api/export/invoices.csv?from=2025-01-01&to=2025-01-31', admin)).body).slice(1);
    expect(invoices.map((r) => r[0])).toEqual(Array.from({ length: 2500 }, (_, i) => `INV-${100_001 + i}`));
    expect(invoices.every((r) => r[5] === '2 × Adhesion Roller; 1 × Yearly License')).toBe(true);
    const notes = parseCsv((await get('/api/export/credit-notes.csv?from=2025-01-01&to=2025-01-31', admin)).body).slice(1);
    expect(notes.map((r) => r[0])).toEqual(Array.from({ length: 250 }, (_, i) => `CN-${10_001 + i}`));
    const sizes: number[] = [];
    for await (const batch of invoiceExportBatches(t.db, range)) sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);
    const small: number[] = [];
    for await (const batch of creditNoteExportBatches(t.db, range, 100)) small.push(...batch.map((c) => c.no));
    expect(small).toEqual(Array.from({ length: 250 }, (_, i) => 10_001 + i));
  }, 60_000);

  it('neither skips nor repeats orders paid in the same microsecond when a batch ends among them', async () => {
    const buyer = { id: customer.id, email: 'tie@jul.test' };
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await insertPaidOrder(t.db, buyer, { paidAt: sgt('2025-07-01T10:00:00'), lines: [{ name: 'Tie', quantity: 1, unitCents: 100 }] })).id);
    await t.db.execute(sql`update orders set paid_at = '2025-07-01 02:00:00.000001+00' where id in (${sql.join(ids.slice(0, 4).map((id) => sql`${id}`), sql`, `)})`);
    await t.db.execute(sql`update orders set paid_at = '2025-07-01 02:00:00.000002+00' where id in (${sql.join(ids.slice(4).map((id) => sql`${id}`), sql`, `)})`);
    const walked: number[] = [];
    for await (const batch of orderExportBatches(t.db, exportRange({ from: '2025-07-01', to: '2025-07-01' }, 'Asia/Singapore'), 3)) walked.push(...batch.map((o) => o.id));
    expect(walked).toEqual(ids);
  });

  it('reads the next batch only when the client has taken the last one, and lets other requests in between batches', async () => {
    let queries = 0;
    const counted = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'execute' || prop === 'select') queries += 1;
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as typeof t.db;
    const stream = exportOrdersCsv(counted, range, 'Asia/Singapore', 100);
    const it = stream[Symbol.asyncIterator]();
    await it.next();
    await new Promise((r) => setTimeout(r, 200));
    // The stream's buffer holds a batch or two; nothing more is read while the client waits.
    const whilePaused = queries;
    expect(whilePaused).toBeLessThanOrEqual(6);
    // Mid-export (no transaction or cursor held open), the one PGlite connection answers others.
    const started = performance.now();
    const other = await get('/api/order/admin/all?page=1&page_size=10', admin);
    expect(other.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(queries).toBe(whilePaused);
    let text = '';
    for (let chunk = await it.next(); !chunk.done; chunk = await it.next()) text += String(chunk.value);
    // 25 batches, each one query with its lines, then the empty read that ends the walk.
    expect(queries).toBe(25 + 1);
    expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThan(2000);
  }, 60_000);

  it('answers other requests over HTTP while an export is being sent and the client reads slowly', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/export/orders.csv?from=2025-01-01&to=2025-01-31`, { headers: admin.headers });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const firstChunk = await reader.read();
    expect(firstChunk.done).toBe(false);
    // The export is open and its client is not reading: the shop still answers its other calls.
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const other = await fetch(`${address}/api/order/admin/all?page=1&page_size=10`, { headers: admin.headers });
      expect(other.status).toBe(200);
      await other.json();
      expect(performance.now() - started).toBeLessThan(2000);
    }
    let bytes = firstChunk.value!.byteLength;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    expect(bytes).toBeGreaterThan(2500 * 60);
  }, 60_000);

  it('answers a request made while an export goes to a client that reads as fast as it can, before the export ends', async () => {
    // The export's stream read to its end at once, as a fast client would; meanwhile a health check,
    // which pings the database, gets its turn between two batches rather than after the last one.
    const stream = exportInvoicesCsv(t.db, range, 'Asia/Singapore', 100);
    const it = stream[Symbol.asyncIterator]();
    await it.next();
    const health = get('/api/health').then((r) => ({ status: r.statusCode, at: performance.now() }));
    for (let chunk = await it.next(); !chunk.done; chunk = await it.next());
    const endedAt = performance.now();
    const h = await health;
    expect(h.status).toBe(200);
    expect(h.at).toBeLessThan(endedAt);
  }, 60_000);
});
