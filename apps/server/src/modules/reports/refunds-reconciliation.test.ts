import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, type TestUser } from '../../../test/fixtures';
import { insertAccount, insertOrderLine, insertOrderPaidAt, insertRefund, sgt, utc } from '../../../test/report-fixtures';
import { orders } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { REFUNDS_NOT_ON_A_LINE } from './report-breakdown';

/**
 * Income is paid minus refunded, each on the business day it happened (DESIGN §6.2, issue 23).
 * Orders paid and refunds that succeeded on chosen instants of a past fortnight, around Singapore
 * midnight (15:59 / 16:01 UTC), written straight to the tables (the refund engine is not needed):
 * every report the back office shows is checked against numbers worked out by hand and against
 * SQL written by hand, by business day. Fixed instants, not "now", so the test passes at any hour.
 */

let t: TestApp;
let admin: TestUser;

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

// The week of 2 to 8 June 2025 in Singapore, against the 7 days before (26 May to 1 June).
const WEEK = '?start_date=2025-06-02&end_date=2025-06-08';
const DAYS = ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08'];
const PAPER = { productId: 1, name: 'Perforated Paper (4x6”)' };
const MONTHLY = { productId: 11, name: 'Monthly License' };
const address = (country: string) => ({ name: 'Ann Lee', email: 'ann@example.com', address: '1 Main St', city: 'Town', state: '', zip: '12345', country });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  const buyer = await insertAccount(t.db, sgt('2025-01-01T10:00:00'));
  const order = async (paidAt: Date, o: Parameters<typeof insertOrderPaidAt>[3], line: { productId: number; name: string; unitPriceCents: number; quantity?: number }, country?: string) => {
    const row = await insertOrderPaidAt(t.db, buyer, paidAt, o);
    if (country) await t.db.update(orders).set({ shippingInfo: address(country) }).where(eq(orders.id, row.id));
    return { order: row, line: await insertOrderLine(t.db, row.id, line) };
  };

  // A: 2 × paper at 15:59 UTC on 2 June = 23:59 on the 2nd in Singapore; 100.00, shipped to Indonesia.
  const a = await order(utc('2025-06-02T15:59:00'), { subtotalCents: 10_000 }, { ...PAPER, unitPriceCents: 5_000, quantity: 2 }, 'ID');
  // B: a Monthly licence at 16:01 UTC on 2 June = 00:01 on the 3rd; 150.00, nothing to ship.
  const b = await order(utc('2025-06-02T16:01:00'), { subtotalCents: 15_000 }, { ...MONTHLY, unitPriceCents: 15_000 });
  // C: paper 220.00 − 22.00 discount + 8.50 shipping = 206.50, at 00:01 on the 5th, to Singapore.
  const c = await order(utc('2025-06-04T16:01:00'), { subtotalCents: 22_000, discountCents: 2_200, shippingCents: 850 }, { ...PAPER, unitPriceCents: 22_000 }, 'SG');
  // D: a Monthly licence paid the week before (28 May), refunded in full this week.
  const d = await order(sgt('2025-05-28T10:00:00'), { subtotalCents: 15_000 }, { ...MONTHLY, unitPriceCents: 15_000 });
  // E: paid the week before (27 May), 80.00, partly refunded the week before too.
  const e = await order(sgt('2025-05-27T10:00:00'), { subtotalCents: 8_000 }, { ...PAPER, unitPriceCents: 8_000 }, 'SG');
  // Never paid: neither an order nor income, whatever its time.
  await insertOrderPaidAt(t.db, buyer, sgt('2025-06-04T12:00:00'), { paymentStatus: 'unpaid' });

  // D refunded in full at 23:59 on the 3rd (15:59 UTC): a later day than its payment, another week.
  await insertRefund(t.db, d.order, { amountCents: 15_000, at: utc('2025-06-03T15:59:00'), lines: [{ orderLineId: d.line.id, quantity: 1, amountCents: 15_000 }] });
  // A: one of its two sheets back at 00:01 on the 4th (16:01 UTC on the 3rd): partial, by line.
  await insertRefund(t.db, a.order, { amountCents: 5_000, at: utc('2025-06-03T16:01:00'), lines: [{ orderLineId: a.line.id, quantity: 1, amountCents: 5_000 }] });
  // C: 30.00 back by amount at 23:59 on the 5th, the day it was paid (its share on its one line).
  await insertRefund(t.db, c.order, { amountCents: 3_000, at: utc('2025-06-05T15:59:00'), kind: 'amount', lines: [{ orderLineId: c.line.id, quantity: 0, amountCents: 3_000 }] });
  // B: a goodwill 5.00 on the 7th written with no line (the breakdown shows it in a row of its own).
  await insertRefund(t.db, b.order, { amountCents: 500, at: sgt('2025-06-07T12:00:00'), kind: 'amount' });
  // B: a refund still pending and one the provider refused: no money moved, neither counts.
  await insertRefund(t.db, b.order, { amountCents: 10_000, at: sgt('2025-06-04T09:00:00'), state: 'pending' });
  await insertRefund(t.db, b.order, { amountCents: 10_000, at: sgt('2025-06-06T09:00:00'), state: 'failed' });
  // C: 10.00 back at 00:00 on the 9th, the first instant after the week: in the overview only.
  await insertRefund(t.db, c.order, { amountCents: 1_000, at: sgt('2025-06-09T00:00:00'), kind: 'amount', lines: [{ orderLineId: c.line.id, quantity: 0, amountCents: 1_000 }] });
  // E: 20.00 back at 00:01 on 31 May (16:01 UTC on the 30th), in the week before.
  await insertRefund(t.db, e.order, { amountCents: 2_000, at: utc('2025-05-30T16:01:00'), kind: 'amount', lines: [{ orderLineId: e.line.id, quantity: 0, amountCents: 2_000 }] });
});
afterAll(() => t.close());

/** Paid minus refunded per Singapore day of [first, last], written the obvious way. */
async function handDaily(first: string, last: string) {
  return selectRows<{ day: string; orders: string | number; paid: string | number; refunded: string | number }>(
    t.db,
    sql`with days as (select d::date as day from generate_series(${first}::date, ${last}::date, interval '1 day') as d),
      paid as (
        select (paid_at at time zone 'Asia/Singapore')::date as day, count(*) as orders, sum(total_cents) as cents
        from orders where paid_at is not null group by 1),
      refunded as (
        select (succeeded_at at time zone 'Asia/Singapore')::date as day, sum(amount_cents) as cents
        from refunds where state = 'succeeded' group by 1)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(paid.orders, 0)::int as orders,
      coalesce(paid.cents, 0)::int as paid, coalesce(refunded.cents, 0)::int as refunded
    from days left join paid on paid.day = days.day left join refunded on refunded.day = days.day
    order by days.day`,
  );
}

const usd = (cents: string | number) => Number(cents) / 100;

describe('paid minus refunded, each on its own business day', () => {
  it('the income series is the day’s payments minus its succeeded refunds, by hand and in SQL', async () => {
    const series = await get(`/api/report/summary/total_income${WEEK}`);
    expect(series).toEqual([
      { date: '2025-06-02', income: 100 }, // A at 23:59
      { date: '2025-06-03', income: 0 }, // B at 00:01 (150.00), D's full refund at 23:59 (−150.00)
      { date: '2025-06-04', income: -50 }, // A's partial refund at 00:01
      { date: '2025-06-05', income: 176.5 }, // C (206.50) and its 30.00 back the same day
      { date: '2025-06-06', income: 0 }, // only the failed refund
      { date: '2025-06-07', income: -5 }, // the goodwill refund
      { date: '2025-06-08', income: 0 }, // C's 10.00 at 00:00 on the 9th is the next day
    ]);
    const hand = await handDaily(DAYS[0]!, DAYS.at(-1)!);
    expect(series).toEqual(hand.map((h) => ({ date: h.day, income: usd(Number(h.paid) - Number(h.refunded)) })));
  });

  it('the refunds series counts succeeded refunds on the day they succeeded, pending and failed ones not at all', async () => {
    const series = await get(`/api/report/summary/total_refunds${WEEK}`);
    expect(series.map((d: { refunds: number }) => d.refunds)).toEqual([0, 150, 50, 30, 0, 5, 0]);
    const hand = await handDaily(DAYS[0]!, DAYS.at(-1)!);
    expect(series).toEqual(hand.map((h) => ({ date: h.day, refunds: usd(h.refunded) })));
  });

  it('a refunded order is still an order on the day it was paid', async () => {
    const series = await get('/api/report/summary/total_orders?start_date=2025-05-26&end_date=2025-06-08');
    const hand = await handDaily('2025-05-26', '2025-06-08');
    expect(series).toEqual(hand.map((h) => ({ date: h.day, count: Number(h.orders) })));
    expect(series.find((d: { date: string }) => d.date === '2025-05-28')).toEqual({ date: '2025-05-28', count: 1 }); // D, refunded in full
    expect(series.find((d: { date: string }) => d.date === '2025-06-02')).toEqual({ date: '2025-06-02', count: 1 }); // A, partly refunded
  });

  it('the overview: income net of every succeeded refund, the refunds on their own card, refunded orders still counted', async () => {
    const overview = await get('/api/report/summary/overview');
    const [hand] = await selectRows<Record<string, string | number>>(
      t.db,
      sql`select (select count(*) from orders where paid_at is not null)::int as orders,
        (select sum(total_cents) from orders where paid_at is not null)::int as paid,
        (select sum(amount_cents) from refunds where state = 'succeeded')::int as refunded`,
    );
    expect(overview.total_orders).toBe(5);
    expect(overview.total_refunds).toBe(150 + 50 + 30 + 5 + 10 + 20);
    expect(overview.total_income).toBe(100 + 150 + 206.5 + 150 + 80 - 265);
    expect([overview.total_orders, overview.total_income, overview.total_refunds]).toEqual([
      Number(hand!.orders),
      usd(Number(hand!.paid) - Number(hand!.refunded)),
      usd(hand!.refunded!),
    ]);
  });

  it('the comparison: net income and refunds in both ranges, equal to the days’ sums', async () => {
    const body = await get(`/api/report/compare${WEEK}`);
    expect(body.total_orders).toEqual({ current: 3, previous: 2, change: { direction: 'up', percent: 50 } });
    expect(body.total_income).toEqual({ current: 221.5, previous: 210, change: { direction: 'up', percent: 5.5 } });
    expect(body.total_refunds).toEqual({ current: 235, previous: 20, change: { direction: 'up', percent: 1075 } });
    const sum = (rows: Awaited<ReturnType<typeof handDaily>>, f: (r: (typeof rows)[number]) => number) => usd(rows.reduce((s, r) => s + f(r), 0));
    const current = await handDaily('2025-06-02', '2025-06-08');
    const previous = await handDaily('2025-05-26', '2025-06-01');
    expect([body.total_income.current, body.total_income.previous]).toEqual([
      sum(current, (r) => Number(r.paid) - Number(r.refunded)),
      sum(previous, (r) => Number(r.paid) - Number(r.refunded)),
    ]);
    expect([body.total_refunds.current, body.total_refunds.previous]).toEqual([sum(current, (r) => Number(r.refunded)), sum(previous, (r) => Number(r.refunded))]);
  });

  it('by product: each product net of its refund lines of the period, and the rows add up to the net income', async () => {
    const body = await get(`/api/report/breakdown${WEEK}`);
    expect(body.by_product).toEqual([
      // 2 sheets of A and C's sheet (100.00 + 220.00), less A's sheet back and C's 30.00.
      { kind: 'product', product_id: 1, name: PAPER.name, orders: 2, units: 3, income: 240, refunds: 80 },
      // B paid this week; D (paid the week before) refunded this week.
      { kind: 'product', product_id: 11, name: MONTHLY.name, orders: 1, units: 1, income: 0, refunds: 150 },
      { kind: 'discount', product_id: null, name: 'Discounts', orders: 1, units: 0, income: -22, refunds: 0 },
      { kind: 'refunds', product_id: null, name: REFUNDS_NOT_ON_A_LINE, orders: 0, units: 0, income: -5, refunds: 5 },
      { kind: 'shipping', product_id: null, name: 'Shipping', orders: 1, units: 0, income: 8.5, refunds: 0 },
    ]);
    const compared = await get(`/api/report/compare${WEEK}`);
    const rowsSum = body.by_product.reduce((s: number, r: { income: number }) => s + r.income * 100, 0) / 100;
    expect(rowsSum).toBeCloseTo(compared.total_income.current, 2);
    // Each product against SQL written by hand: its lines of the orders paid in the week, less
    // the refund lines of the refunds that succeeded in it.
    const hand = await selectRows<{ product_id: number; cents: string | number }>(
      t.db,
      sql`select product_id, sum(cents)::int as cents from (
          select ol.product_id, ol.line_total_cents as cents from orders o join order_lines ol on ol.order_id = o.id
          where o.paid_at >= '2025-06-01T16:00:00Z' and o.paid_at < '2025-06-08T16:00:00Z'
          union all
          select ol.product_id, -rl.amount_cents from refunds r join refund_lines rl on rl.refund_id = r.id join order_lines ol on ol.id = rl.order_line_id
          where r.state = 'succeeded' and r.succeeded_at >= '2025-06-01T16:00:00Z' and r.succeeded_at < '2025-06-08T16:00:00Z'
        ) as x group by 1 order by 1`,
    );
    const products = body.by_product.filter((r: { kind: string }) => r.kind === 'product').sort((x: { product_id: number }, y: { product_id: number }) => x.product_id - y.product_id);
    expect(products.map((r: { product_id: number; income: number }) => [r.product_id, r.income])).toEqual(hand.map((h) => [Number(h.product_id), usd(h.cents)]));
  });

  it('by country: each country net of the refunds of its orders in the period, adding up to the net income', async () => {
    const body = await get(`/api/report/breakdown${WEEK}`);
    expect(body.by_country).toEqual([
      { country: 'SG', name: 'Singapore', orders: 1, income: 176.5, refunds: 30 },
      { country: 'ID', name: 'Indonesia', orders: 1, income: 50, refunds: 50 },
      // B (150.00) less D's full refund and the goodwill 5.00, both licence-only orders.
      { country: null, name: 'Unknown (no shipping or billing country)', orders: 1, income: -5, refunds: 155 },
    ]);
    const compared = await get(`/api/report/compare${WEEK}`);
    const rowsSum = body.by_country.reduce((s: number, r: { income: number }) => s + r.income * 100, 0) / 100;
    expect(rowsSum).toBeCloseTo(compared.total_income.current, 2);
  });

  it('the week before, on its own: the refund of its order paid then counts in the week it happened, not here', async () => {
    const series = await get('/api/report/summary/total_income?start_date=2025-05-26&end_date=2025-06-01');
    const hand = await handDaily('2025-05-26', '2025-06-01');
    expect(series).toEqual(hand.map((h) => ({ date: h.day, income: usd(Number(h.paid) - Number(h.refunded)) })));
    expect(series.reduce((s: number, d: { income: number }) => s + d.income, 0)).toBe(210);
  });
});
