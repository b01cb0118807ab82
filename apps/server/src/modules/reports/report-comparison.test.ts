import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import type { TestUser } from '../../../test/fixtures';
import { insertAccount, insertLicenseSpan, insertOrderPaidAt, sgt } from '../../../test/report-fixtures';
import { licenses, orderLines, orders } from '../../db/schema';
import { selectRows } from '../../db/select-rows';

/**
 * The cards' comparison and the breakdowns, on rows written at chosen instants (a past week, so
 * every edge is exact) and on live data reconciled with SQL written by hand.
 */

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp());
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const HOUR = 3_600_000;

describe('who may read the comparison and the breakdown', () => {
  for (const path of ['/api/report/compare', '/api/report/breakdown']) {
    it(`${path}: a stranger 401, a customer 403, whatever the query; an admin's bad query 400`, async () => {
      for (const q of ['', '?period=bogus', '?x=1']) {
        expect((await get(`${path}${q}`)).statusCode).toBe(401);
        expect((await get(`${path}${q}`, customer)).statusCode).toBe(403);
      }
      for (const [q, detail] of [['?period=last_year', /period/], ['?start_date=2025-03-10&end_date=2025-03-09', /after/], ['?perod=today', /perod/]] as const) {
        const res = await get(`${path}${q}`, admin);
        expect(res.statusCode).toBe(400);
        expect(res.json().detail).toMatch(detail);
      }
    });
  }
});

describe('a past week (10-16 March 2025 in Singapore) against the week before (3-9 March)', () => {
  const WEEK = '?start_date=2025-03-10&end_date=2025-03-16';

  beforeAll(async () => {
    // Sign-ups at the edges of both weeks: the first and last instants in, the ones next to them out.
    for (const at of ['2025-03-02T23:59:59.999', '2025-03-03T00:00:00', '2025-03-09T23:59:59.999', '2025-03-10T00:00:00', '2025-03-16T23:59:59.999', '2025-03-17T00:00:00']) {
      await insertAccount(t.db, sgt(at));
    }
    await insertAccount(t.db, sgt('2025-03-12T10:00:00'), 'admin'); // not a customer
    const buyer = await insertAccount(t.db, sgt('2025-01-01T10:00:00'));
    await insertOrderPaidAt(t.db, buyer, sgt('2025-03-05T10:00:00'), { subtotalCents: 10_000 });
    const monthly = await insertOrderPaidAt(t.db, buyer, sgt('2025-03-10T00:00:00'));
    const paper = await insertOrderPaidAt(t.db, buyer, sgt('2025-03-16T23:59:59'), { subtotalCents: 22_000, discountCents: 2_200, shippingCents: 850 });
    await insertOrderPaidAt(t.db, buyer, sgt('2025-03-12T10:00:00'), { paymentStatus: 'unpaid' });
    await insertOrderPaidAt(t.db, buyer, sgt('2025-03-17T00:00:00'));
    await t.db.update(orders).set({ shippingInfo: { name: 'Ann Lee', email: buyer.email, address: '1 Main St', city: 'Singapore', state: '', zip: '018956', country: 'SG' } }).where(eq(orders.id, paper.id));
    await t.db.insert(orderLines).values([
      { orderId: monthly.id, productId: 11, name: 'Monthly License', unitPriceCents: 15_000, quantity: 1, lineTotalCents: 15_000 },
      { orderId: paper.id, productId: 1, name: 'Perforated Paper', unitPriceCents: 22_000, quantity: 1, lineTotalCents: 22_000 },
    ]);
    // Active at the end of the week before (10 March 00:00) and at the end of this one (17 March 00:00).
    await insertLicenseSpan(t.db, buyer, { startAt: sgt('2025-03-01T00:00:00'), expiresAt: sgt('2025-03-12T00:00:00') }); // before only
    await insertLicenseSpan(t.db, buyer, { startAt: sgt('2025-03-11T00:00:00'), expiresAt: null }); // this week only
    await insertLicenseSpan(t.db, buyer, { startAt: sgt('2025-02-01T00:00:00'), expiresAt: null, revokedAt: sgt('2025-03-15T00:00:00') }); // before only
  });

  it('compares sign-ups, active licences, paid orders and income, edges included', async () => {
    const res = await get(`/api/report/compare${WEEK}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      current: { start: '2025-03-09T16:00:00.000Z', end: '2025-03-16T16:00:00.000Z' },
      previous: { start: '2025-03-02T16:00:00.000Z', end: '2025-03-09T16:00:00.000Z', first_day: '2025-03-03', last_day: '2025-03-09', cut: null },
      total_users: { current: 2, previous: 2, change: { direction: 'flat', percent: 0 } },
      active_subscriptions: { current: 1, previous: 2, change: { direction: 'down', percent: -50 } },
      total_orders: { current: 2, previous: 1, change: { direction: 'up', percent: 100 } },
      // 150.00 + (220.00 - 22.00 + 8.50) against 100.00.
      total_income: { current: 356.5, previous: 100, change: { direction: 'up', percent: 256.5 } },
      total_refunds: { current: 0, previous: 0, change: { direction: 'flat', percent: 0 } },
    });
  });

  it('says where a running period is cut: today against yesterday up to now\'s time of day, in the business zone (issue 37)', async () => {
    const body = (await get('/api/report/compare?period=today', admin)).json();
    const end = new Date(body.previous.end);
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(end);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore' }).format(end);
    expect(body.previous.cut).toEqual({ day, time });
    expect(body.previous.cut.day).toBe(body.previous.last_day);
  });

  it('breaks the income down by product with shipping and discounts as their own rows, adding up to the income', async () => {
    const body = (await get(`/api/report/breakdown${WEEK}`, admin)).json();
    expect(body.by_product).toEqual([
      { kind: 'product', product_id: 1, name: 'Perforated Paper (4x6”)', orders: 1, units: 1, income: 220, refunds: 0 },
      { kind: 'product', product_id: 11, name: 'Monthly License', orders: 1, units: 1, income: 150, refunds: 0 },
      { kind: 'discount', product_id: null, name: 'Discounts', orders: 1, units: 0, income: -22, refunds: 0 },
      { kind: 'shipping', product_id: null, name: 'Shipping', orders: 1, units: 0, income: 8.5, refunds: 0 },
    ]);
    const sum = body.by_product.reduce((s: number, r: { income: number }) => s + r.income, 0);
    const compared = (await get(`/api/report/compare${WEEK}`, admin)).json();
    expect(sum).toBeCloseTo(compared.total_income.current, 2);
  });

  it('by country: the shipping country by name, and a licence-only order with no billing country as Unknown', async () => {
    const body = (await get(`/api/report/breakdown${WEEK}`, admin)).json();
    expect(body.by_country).toEqual([
      { country: 'SG', name: 'Singapore', orders: 1, income: 206.5, refunds: 0 },
      { country: null, name: 'Unknown (no shipping or billing country)', orders: 1, income: 150, refunds: 0 },
    ]);
  });
});

describe('by country, a licence-only order counts under its billing country (a week of April 2025)', () => {
  const WEEK = '?start_date=2025-04-07&end_date=2025-04-13';

  beforeAll(async () => {
    const buyer = await insertAccount(t.db, sgt('2025-01-01T10:00:00'));
    const jakarta = await insertOrderPaidAt(t.db, buyer, sgt('2025-04-08T10:00:00'), { subtotalCents: 15_000 });
    await t.db.update(orders).set({ billingCountry: 'ID' }).where(eq(orders.id, jakarta.id));
    // Paid before checkout asked for a billing country: none is known.
    await insertOrderPaidAt(t.db, buyer, sgt('2025-04-09T10:00:00'), { subtotalCents: 10_000 });
  });

  it('names the billing country where nothing ships, and says Unknown where no country was given', async () => {
    const body = (await get(`/api/report/breakdown${WEEK}`, admin)).json();
    expect(body.by_country).toEqual([
      { country: 'ID', name: 'Indonesia', orders: 1, income: 150, refunds: 0 },
      { country: null, name: 'Unknown (no shipping or billing country)', orders: 1, income: 100, refunds: 0 },
    ]);
  });
});

describe('licences that ended in a past week (5-11 May 2025), and their renewals', () => {
  const WEEK = '?start_date=2025-05-05&end_date=2025-05-11';

  beforeAll(async () => {
    const owner = await insertAccount(t.db, sgt('2025-01-01T10:00:00'));
    const monthlyKey = async (startAt: Date, expiresAt: Date, extra: Partial<typeof licenses.$inferInsert> = {}) => {
      const [row] = await t.db.insert(licenses).values({ licenseKey: `TEST-R-${Math.random().toString(36).slice(2)}`, type: 'month', userId: owner.id, email: owner.email, startAt, expiresAt, ...extra }).returning();
      return row!;
    };
    const renew = async (licenseId: string, paidAt: Date, renewedUntil: Date) => {
      const order = await insertOrderPaidAt(t.db, owner, paidAt);
      await t.db.insert(orderLines).values({ orderId: order.id, productId: 11, name: 'Monthly License', unitPriceCents: 15_000, quantity: 1, lineTotalCents: 15_000, renewsLicenseId: licenseId, renewedUntil });
    };
    // Its first term ended 6 May 10:00 (start + 30 days); renewed on 5 May, in time; and again on
    // 20 May, whose replaced end (5 June) is outside the week.
    const inTime = await monthlyKey(sgt('2025-04-06T10:00:00'), sgt('2025-07-05T10:00:00'));
    await renew(inTime.id, sgt('2025-05-05T09:00:00'), sgt('2025-06-05T10:00:00'));
    await renew(inTime.id, sgt('2025-05-20T09:00:00'), sgt('2025-07-05T10:00:00'));
    // Ended 7 May, renewed a day late (from payment: 8 May + 30 days).
    const late = await monthlyKey(sgt('2025-04-07T10:00:00'), sgt('2025-06-07T10:00:00'));
    await renew(late.id, sgt('2025-05-08T10:00:00'), sgt('2025-06-07T10:00:00'));
    // Ended 9 May and not renewed; revoked (not counted); an unused Daily pass whose activate-by falls in the week (not counted).
    await monthlyKey(sgt('2025-04-09T10:00:00'), sgt('2025-05-09T10:00:00'));
    await monthlyKey(sgt('2025-04-10T10:00:00'), sgt('2025-05-10T10:00:00'), { revokedAt: sgt('2025-04-20T10:00:00') });
    await monthlyKey(sgt('2024-05-10T10:00:00'), sgt('2025-05-10T10:00:00'), { type: 'day', activateBy: sgt('2025-05-10T10:00:00'), unstartedTermHours: 24 });
  });

  it('counts the terms that ended, those renewed before their end, those renewed after, and the rate', async () => {
    const res = await get(`/api/report/breakdown${WEEK}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().renewals).toEqual({ ended: 3, renewed_in_time: 1, renewed_late: 1, rate: 33.3 });
  });

  it('a week when nothing ended has no rate (not 0 %, not NaN)', async () => {
    const res = await get('/api/report/breakdown?start_date=2025-08-04&end_date=2025-08-10', admin);
    expect(res.json().renewals).toEqual({ ended: 0, renewed_in_time: 0, renewed_late: 0, rate: null });
  });
});

describe('today against yesterday up to the same time, reconciled with SQL written by hand', () => {
  beforeAll(async () => {
    const now = Date.now();
    const buyer = await insertAccount(t.db, new Date(now - 40 * 24 * HOUR));
    // Singapore has no clock changes: its midnight is UTC's shifted by 8 hours. Halfway through
    // today so far, and the same wall-clock time yesterday, lie inside both ranges at any hour
    // (fixed offsets such as "a minute ago" fell outside them in the first minutes after midnight).
    const sinceMidnight = (now + 8 * HOUR) % (24 * HOUR);
    const halfway = -Math.ceil(sinceMidnight / 2);
    // Around the same time yesterday, both sides of it, inside yesterday's range, and today.
    for (const offset of [-24 * HOUR - 20 * 60_000, -24 * HOUR + 20 * 60_000, -30 * HOUR, -24 * HOUR + halfway, halfway]) {
      await insertAccount(t.db, new Date(now + offset));
      await insertOrderPaidAt(t.db, buyer, new Date(now + offset), { subtotalCents: 1_000 + Math.abs(offset % 997) });
    }
    await insertLicenseSpan(t.db, buyer, { startAt: new Date(now - 10 * 24 * HOUR), expiresAt: new Date(now - 60_000) });
    await insertLicenseSpan(t.db, buyer, { startAt: new Date(now - 10 * 24 * HOUR), expiresAt: null });
  });

  it('the numbers on the cards are the ones SQL counts', async () => {
    const body = (await get('/api/report/compare?period=today', admin)).json();
    // The same ranges worked out in SQL from the answer's "now": today from Singapore midnight, and
    // yesterday from its midnight to the same wall-clock time.
    const [hand] = await selectRows<Record<string, string>>(
      t.db,
      sql`with r as (select ${body.current.end}::timestamptz as now_at),
        z as (select now_at, (date_trunc('day', now_at at time zone 'Asia/Singapore')) as today_local, (now_at at time zone 'Asia/Singapore') as now_local from r),
        b as (select now_at, today_local at time zone 'Asia/Singapore' as cur_start,
                (today_local - interval '1 day') at time zone 'Asia/Singapore' as prev_start,
                (now_local - interval '1 day') at time zone 'Asia/Singapore' as prev_end from z)
      select
        (select count(*) from users, b where role = 'user' and created_at >= cur_start and created_at < now_at) as users_now,
        (select count(*) from users, b where role = 'user' and created_at >= prev_start and created_at < prev_end) as users_before,
        (select count(*) from orders, b where paid_at is not null and paid_at >= cur_start and paid_at < now_at) as orders_now,
        (select count(*) from orders, b where paid_at is not null and paid_at >= prev_start and paid_at < prev_end) as orders_before,
        (select coalesce(sum(total_cents), 0) from orders, b where paid_at is not null and paid_at >= cur_start and paid_at < now_at)
          - (select coalesce(sum(amount_cents), 0) from refunds, b where state = 'succeeded' and succeeded_at >= cur_start and succeeded_at < now_at) as cents_now,
        (select coalesce(sum(total_cents), 0) from orders, b where paid_at is not null and paid_at >= prev_start and paid_at < prev_end)
          - (select coalesce(sum(amount_cents), 0) from refunds, b where state = 'succeeded' and succeeded_at >= prev_start and succeeded_at < prev_end) as cents_before,
        (select count(*) from licenses, b where start_at < now_at and coalesce(least(expires_at, revoked_at, suspended_at), 'infinity') >= now_at) as active_now,
        (select count(*) from licenses, b where start_at < prev_end and coalesce(least(expires_at, revoked_at, suspended_at), 'infinity') >= prev_end) as active_before,
        (select prev_end from b) as prev_end`,
    );
    expect(new Date(body.previous.end).getTime()).toBe(new Date(hand!.prev_end!).getTime());
    expect([body.total_users.current, body.total_users.previous]).toEqual([Number(hand!.users_now), Number(hand!.users_before)]);
    expect([body.total_orders.current, body.total_orders.previous]).toEqual([Number(hand!.orders_now), Number(hand!.orders_before)]);
    expect([body.total_income.current, body.total_income.previous]).toEqual([Number(hand!.cents_now) / 100, Number(hand!.cents_before) / 100]);
    expect([body.active_subscriptions.current, body.active_subscriptions.previous]).toEqual([Number(hand!.active_now), Number(hand!.active_before)]);
    // The rows written above do land on both sides (halfway through today so far, and through the same part of yesterday).
    expect(body.total_orders.current).toBeGreaterThanOrEqual(1);
    expect(body.total_orders.previous).toBeGreaterThanOrEqual(1);
  });
});
