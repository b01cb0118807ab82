import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, type TestUser } from '../../../test/fixtures';
import { insertAccount, insertOrderLine, insertOrderPaidAt, insertRefund, sgt, utc } from '../../../test/report-fixtures';
import { orders, refunds } from '../../db/schema';
import { settleProviderRefund } from '../refunds/settle-refund';
import { REFUNDS_NOT_ON_A_LINE } from './report-breakdown';

/**
 * A refund takes money off the business day it succeeded, not the day it was asked for (DESIGN
 * §6.2): a refund the provider settles later (Stripe's pending refunds) is asked on one Singapore
 * day and succeeds on a later one. Each refund here is written pending at the instant it was asked
 * (created_at) and then settled by the provider's word at a later instant, through the one place a
 * refund becomes succeeded (settleProviderRefund), which writes succeeded_at. The income series,
 * the comparison and the breakdown must all put it on the day it succeeded.
 */

let t: TestApp;
let admin: TestUser;

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

// The week of 3 to 9 March 2025 in Singapore, against the 7 days before (24 February to 2 March).
const WEEK = '?start_date=2025-03-03&end_date=2025-03-09';
const PREVIOUS_WEEK = '?start_date=2025-02-24&end_date=2025-03-02';
const PAPER = { productId: 1, name: 'Perforated Paper (4x6”)' };
const MONTHLY = { productId: 11, name: 'Monthly License' };
const address = { name: 'Ann Lee', email: 'ann@example.com', address: '1 Main St', city: 'Town', state: '', zip: '12345', country: 'SG' };

/** A refund asked at `askedAt` (pending at the provider), then reported succeeded at `succeededAt`. */
async function refundSettledLater(
  order: { id: number; userId: number; totalCents: number },
  lineId: number,
  amountCents: number,
  askedAt: Date,
  succeededAt: Date,
) {
  const pending = await insertRefund(t.db, order, {
    amountCents,
    at: askedAt,
    state: 'pending',
    kind: 'amount',
    lines: [{ orderLineId: lineId, quantity: 0, amountCents }],
  });
  const settled = await settleProviderRefund(t.ctx, {
    provider: 'local',
    refundId: pending.id,
    providerRefundId: pending.providerRefundId,
    amountCents,
    currency: pending.currency,
    state: 'succeeded',
    at: succeededAt,
  });
  expect(settled.status).toBe('succeeded');
  const [row] = await t.db.select().from(refunds).where(eq(refunds.id, pending.id));
  // The premise: asked and succeeded on different instants, as written by the engine.
  expect([row!.state, row!.createdAt.toISOString(), row!.succeededAt?.toISOString()]).toEqual(['succeeded', askedAt.toISOString(), succeededAt.toISOString()]);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  const buyer = await insertAccount(t.db, sgt('2025-01-01T10:00:00'));

  // X: 120.00 of paper paid on Monday 3 March at 10:00, shipped to Singapore.
  const x = await insertOrderPaidAt(t.db, buyer, sgt('2025-03-03T10:00:00'), { subtotalCents: 12_000 });
  await t.db.update(orders).set({ shippingInfo: address }).where(eq(orders.id, x.id));
  const xLine = await insertOrderLine(t.db, x.id, { ...PAPER, unitPriceCents: 12_000 });
  // Y: a Monthly licence, 50.00, paid the week before (25 February), nothing to ship.
  const y = await insertOrderPaidAt(t.db, buyer, sgt('2025-02-25T10:00:00'), { subtotalCents: 5_000 });
  const yLine = await insertOrderLine(t.db, y.id, { ...MONTHLY, unitPriceCents: 5_000 });

  // Y refunded in full: asked on Saturday 1 March (the week before), succeeded Monday 3 March at 09:00.
  await refundSettledLater(y, yLine.id, 5_000, sgt('2025-03-01T12:00:00'), sgt('2025-03-03T09:00:00'));
  // X: 40.00 asked on Tuesday the 4th at 23:30 (15:30 UTC), succeeded on Thursday the 6th at 09:00.
  await refundSettledLater(x, xLine.id, 4_000, utc('2025-03-04T15:30:00'), sgt('2025-03-06T09:00:00'));
  // X: 10.00 asked at 23:59 on the 5th (15:59 UTC), succeeded two minutes later, 00:01 on the 6th.
  await refundSettledLater(x, xLine.id, 1_000, utc('2025-03-05T15:59:00'), utc('2025-03-05T16:01:00'));
  // X: 20.00 asked on Sunday the 9th, the week's last day, succeeded on Monday the 10th: not this week.
  await refundSettledLater(x, xLine.id, 2_000, sgt('2025-03-09T20:00:00'), sgt('2025-03-10T10:00:00'));
});
afterAll(() => t?.close());

describe('a refund counts on the business day it succeeded, not the day it was asked for', () => {
  it('the income series takes each refund off the day it succeeded', async () => {
    expect(await get(`/api/report/summary/total_income${WEEK}`)).toEqual([
      { date: '2025-03-03', income: 70 }, // X paid (120.00), Y's refund asked on the 1st succeeded (−50.00)
      { date: '2025-03-04', income: 0 }, // X's 40.00 asked only
      { date: '2025-03-05', income: 0 }, // X's 10.00 asked at 23:59 only
      { date: '2025-03-06', income: -50 }, // both succeeded: −40.00 at 09:00, −10.00 at 00:01
      { date: '2025-03-07', income: 0 },
      { date: '2025-03-08', income: 0 },
      { date: '2025-03-09', income: 0 }, // X's 20.00 asked only; it succeeded on the 10th
    ]);
    expect(await get(`/api/report/summary/total_income${PREVIOUS_WEEK}`)).toEqual([
      { date: '2025-02-24', income: 0 },
      { date: '2025-02-25', income: 50 }, // Y paid
      { date: '2025-02-26', income: 0 },
      { date: '2025-02-27', income: 0 },
      { date: '2025-02-28', income: 0 },
      { date: '2025-03-01', income: 0 }, // Y's refund asked only
      { date: '2025-03-02', income: 0 },
    ]);
    expect(await get('/api/report/summary/total_income?start_date=2025-03-10&end_date=2025-03-10')).toEqual([{ date: '2025-03-10', income: -20 }]);
  });

  it('the refunds series puts each refund on the day it succeeded', async () => {
    const series = await get(`/api/report/summary/total_refunds${WEEK}`);
    expect(series.map((d: { refunds: number }) => d.refunds)).toEqual([50, 0, 0, 50, 0, 0, 0]);
  });

  it('the comparison counts a refund in the range it succeeded in', async () => {
    const body = await get(`/api/report/compare${WEEK}`);
    // This week: 120.00 paid, less Y's 50.00 and X's 40.00 + 10.00; the week before: Y's 50.00, nothing back yet.
    expect(body.total_income).toEqual({ current: 20, previous: 50, change: { direction: 'down', percent: -60 } });
    expect([body.total_refunds.current, body.total_refunds.previous]).toEqual([100, 0]);
  });

  it('the breakdown takes each refund off its product and country in the range it succeeded in', async () => {
    const body = await get(`/api/report/breakdown${WEEK}`);
    expect(body.by_product).toEqual([
      { kind: 'product', product_id: 1, name: PAPER.name, orders: 1, units: 1, income: 70, refunds: 50 },
      { kind: 'product', product_id: 11, name: MONTHLY.name, orders: 0, units: 0, income: -50, refunds: 50 },
    ]);
    expect(body.by_product.some((r: { name: string }) => r.name === REFUNDS_NOT_ON_A_LINE)).toBe(false);
    expect(body.by_country).toEqual([
      { country: 'SG', name: 'Singapore', orders: 1, income: 70, refunds: 50 },
      { country: null, name: 'Unknown (no shipping or billing country)', orders: 0, income: -50, refunds: 50 },
    ]);
    const before = await get(`/api/report/breakdown${PREVIOUS_WEEK}`);
    expect(before.by_product).toEqual([{ kind: 'product', product_id: 11, name: MONTHLY.name, orders: 1, units: 1, income: 50, refunds: 0 }]);
  });
});
