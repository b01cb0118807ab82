import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { fromCents } from '@lbs/domain/money';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createAdminWithSession, type TestUser } from '../../../test/fixtures';
import { insertAccount, insertOrderLine, insertOrderPaidAt, sgt, utc } from '../../../test/report-fixtures';
import { licenses, orders, renewalCharges } from '../../db/schema';
import { selectRows } from '../../db/select-rows';

/**
 * REPORT's renewals card (issue 39): renewals paid in a week of Singapore business days, automatic
 * apart from manual, failed for good and recovered, written straight to the tables at instants
 * either side of Singapore midnight (15:59 / 16:01 UTC), and the recurring income of the next 30
 * days. The card is checked against figures worked out by hand and against SQL written here, by
 * business day, independently of the card's own statements.
 */

let t: TestApp;
let admin: TestUser;
const DAY = 24 * 3600 * 1000;
const WEEK = '?start_date=2025-06-02&end_date=2025-06-08';
// The week's bounds: 00:00 on 2 June to 00:00 on 9 June in Singapore.
const START = sgt('2025-06-02T00:00:00');
const END = sgt('2025-06-09T00:00:00');
const MONTHLY = findPlanByLicenseType('month')!;
const YEARLY = findPlanByLicenseType('year')!;
const cents = (usd: number) => Math.round(usd * 100);

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  const buyer = await insertAccount(t.db, sgt('2025-01-01T10:00:00'));
  const licence = async (opts: Parameters<typeof insertLicense>[2] = {}) => insertLicense(t.db, buyer, { type: 'month', ...opts });

  /** An automatic renewal order (the job's), paid at `paidAt` or not, with its attempts' statuses. */
  const automatic = async (paidAt: Date | null, attempts: Array<'failed' | 'succeeded' | 'requires_action'>, extra: { cancelledAt?: Date; cancelReason?: string } = {}) => {
    const l = await licence();
    const order = await insertOrderPaidAt(t.db, buyer, paidAt ?? sgt('2025-06-01T10:00:00'), { subtotalCents: 1_500, paymentStatus: paidAt ? 'paid' : 'unpaid' });
    await t.db
      .update(orders)
      .set({ renewalLicenseId: l.id, renewalTermEnd: paidAt ?? sgt('2025-06-01T10:00:00'), cancelledAt: extra.cancelledAt ?? null, cancelReason: extra.cancelReason ?? null })
      .where(eq(orders.id, order.id));
    const line = await insertOrderLine(t.db, order.id, { productId: MONTHLY.id, name: 'Monthly (renewal)', unitPriceCents: 1_500 });
    await t.db.execute(sql`update order_lines set renews_license_id = ${l.id} where id = ${line.id}`);
    for (const [i, status] of attempts.entries()) {
      await t.db.insert(renewalCharges).values({ id: `${order.id}:${i + 1}`, orderId: order.id, attempt: i + 1, provider: 'local', status, amountCents: 1_500 });
    }
    return order;
  };

  // Automatic, in the week: 23:59 on 2 June (15:59 UTC), paid at once; 00:01 on 5 June, paid after a
  // failed attempt (recovered); 23:59 on 8 June after one that asked for authentication (recovered).
  await automatic(utc('2025-06-02T15:59:00'), ['succeeded']);
  await automatic(utc('2025-06-04T16:01:00'), ['failed', 'succeeded']);
  await automatic(utc('2025-06-08T15:59:00'), ['requires_action', 'succeeded']);
  // Outside the week: 23:59 on 1 June and 00:01 on 9 June, each recovered too.
  await automatic(utc('2025-06-01T15:59:00'), ['failed', 'succeeded']);
  await automatic(utc('2025-06-08T16:01:00'), ['failed', 'succeeded']);
  // Paid after it was given up (renewal turned off while its charge was on its way): refunded at once, not a renewal.
  await automatic(utc('2025-06-05T10:00:00'), ['succeeded'], { cancelledAt: utc('2025-06-05T09:00:00'), cancelReason: 'automatic renewal turned off' });

  // Manual: a cart order at 00:01 on 3 June with two Renew lines (30.00 and 200.00) and paper.
  const cart = await insertOrderPaidAt(t.db, buyer, utc('2025-06-02T16:01:00'), { subtotalCents: 3_000 + 20_000 + 5_000 });
  for (const [plan, price] of [[MONTHLY, 3_000], [YEARLY, 20_000]] as const) {
    const l = await licence({ type: plan.licenseType as 'month' | 'year' });
    const line = await insertOrderLine(t.db, cart.id, { productId: plan.id, name: `${plan.name} (renewal)`, unitPriceCents: price });
    await t.db.execute(sql`update order_lines set renews_license_id = ${l.id} where id = ${line.id}`);
  }
  await insertOrderLine(t.db, cart.id, { productId: 1, name: 'Paper', unitPriceCents: 5_000 });
  // A manual renewal the week before: not counted.
  const before = await insertOrderPaidAt(t.db, buyer, utc('2025-06-01T15:59:00'), { subtotalCents: 3_000 });
  const beforeLine = await insertOrderLine(t.db, before.id, { productId: MONTHLY.id, name: 'Monthly (renewal)', unitPriceCents: 3_000 });
  await t.db.execute(sql`update order_lines set renews_license_id = ${(await licence()).id} where id = ${beforeLine.id}`);

  // Failed for good: grace ended unpaid at 23:59 on 4 June and at 00:01 on 9 June (outside); one given up for another reason.
  await automatic(null, ['failed', 'failed'], { cancelledAt: utc('2025-06-04T15:59:00'), cancelReason: 'grace ended unpaid' });
  await automatic(null, ['failed'], { cancelledAt: utc('2025-06-08T16:01:00'), cancelReason: 'grace ended unpaid' });
  await automatic(null, ['failed'], { cancelledAt: utc('2025-06-05T10:00:00'), cancelReason: 'licence revoked' });

  // The next 30 days, from now: renewing Monthly licences ending in 5 days (the plan's price), in 10
  // (a lower price told: 9.00), in 20 (its renewal prepared: the order's 12.34); not counted: one
  // ending in 40 days, a suspended one, a revoked one, one not renewing, one in grace.
  const now = Date.now();
  const renewing = async (inDays: number, set: Partial<typeof licenses.$inferInsert> = {}) => {
    const l = await licence({ startAt: new Date(now - 10 * DAY), expiresAt: new Date(now + inDays * DAY) });
    await t.db.update(licenses).set({ autoRenew: true, ...set }).where(eq(licenses.id, l.id));
    return l;
  };
  await renewing(5);
  await renewing(10, { renewalPriceCents: 900 });
  const prepared = await renewing(20);
  const order = await insertOrderPaidAt(t.db, buyer, new Date(now), { subtotalCents: 1_234, paymentStatus: 'unpaid' });
  await t.db.update(orders).set({ renewalLicenseId: prepared.id, renewalTermEnd: new Date(now + 20 * DAY) }).where(eq(orders.id, order.id));
  await renewing(40);
  await renewing(6, { suspendedAt: new Date(now - DAY) });
  await renewing(6, { revokedAt: new Date(now - DAY) });
  await renewing(6, { autoRenew: false });
  await renewing(-1, { graceUntil: new Date(now + 6 * DAY) });
});
afterAll(() => t?.close());

describe('GET /api/report/renewals', () => {
  it('counts the week’s renewals by Singapore business day: automatic, manual, failed and recovered', async () => {
    const card = await get(`/api/report/renewals${WEEK}`);
    expect(card.current).toEqual({ start: START.toISOString(), end: END.toISOString() });
    expect(card.automatic).toEqual({ count: 3, income: 45 });
    expect(card.recovered).toEqual({ count: 2, income: 30 });
    expect(card.manual).toEqual({ count: 2, income: 230 });
    expect(card.failed).toBe(1);
  });

  it('equals SQL written by hand over the same business days', async () => {
    const card = await get(`/api/report/renewals${WEEK}`);
    const s = START.toISOString();
    const e = END.toISOString();
    const [auto] = await selectRows<{ n: string; cents: string; recovered: string; recovered_cents: string }>(
      t.db,
      sql`select count(*) as n, coalesce(sum(total_cents), 0) as cents,
          count(*) filter (where exists (select 1 from renewal_charges c where c.order_id = o.id and c.status <> 'succeeded')) as recovered,
          coalesce(sum(total_cents) filter (where exists (select 1 from renewal_charges c where c.order_id = o.id and c.status <> 'succeeded')), 0) as recovered_cents
        from orders o
        where o.renewal_license_id is not null and o.paid_at is not null and o.cancelled_at is null
          and (o.paid_at at time zone 'Asia/Singapore')::date between '2025-06-02' and '2025-06-08'`,
    );
    const [manual] = await selectRows<{ n: string; cents: string }>(
      t.db,
      sql`select count(*) as n, coalesce(sum(ol.line_total_cents), 0) as cents
        from order_lines ol join orders o on o.id = ol.order_id
        where ol.renews_license_id is not null and o.renewal_license_id is null and o.paid_at is not null
          and (o.paid_at at time zone 'Asia/Singapore')::date between '2025-06-02' and '2025-06-08'`,
    );
    const [failed] = await selectRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from orders where renewal_license_id is not null and cancel_reason = 'grace ended unpaid'
          and cancelled_at >= ${s}::timestamptz and cancelled_at < ${e}::timestamptz`,
    );
    expect(card.automatic).toEqual({ count: Number(auto!.n), income: fromCents(Number(auto!.cents)) });
    expect(card.recovered).toEqual({ count: Number(auto!.recovered), income: fromCents(Number(auto!.recovered_cents)) });
    expect(card.manual).toEqual({ count: Number(manual!.n), income: fromCents(Number(manual!.cents)) });
    expect(card.failed).toBe(Number(failed!.n));
  });

  it('sums the recurring income of the next 30 days at what each renewal will charge', async () => {
    const card = await get(`/api/report/renewals${WEEK}`);
    const plan = cents(MONTHLY.price);
    expect(card.upcoming.count).toBe(3);
    expect(card.upcoming.income).toBe(fromCents(plan + Math.min(900, plan) + 1_234));
    expect(new Date(card.upcoming.until).getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    const [hand] = await selectRows<{ n: string; cents: string }>(
      t.db,
      sql`select count(*) as n, sum(coalesce(
            (select o.total_cents from orders o where o.renewal_license_id = l.id and o.renewal_term_end = l.expires_at and o.cancelled_at is null),
            case when l.renewal_price_cents is null then p.price_cents else least(l.renewal_price_cents, p.price_cents) end)) as cents
          from licenses l join products p on p.license_type = l.type and p.kind = 'license' and p.active
          where l.auto_renew and l.revoked_at is null and l.suspended_at is null
            and l.expires_at >= now() and l.expires_at < ${card.upcoming.until}::timestamptz`,
    );
    expect(card.upcoming).toMatchObject({ count: Number(hand!.n), income: fromCents(Number(hand!.cents)) });
  });

  it('takes the report’s periods and refuses a bad range', async () => {
    expect((await get('/api/report/renewals?period=last_7_days')).automatic.count).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/report/renewals?start_date=2025-06-09&end_date=2025-06-02', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/report/renewals${WEEK}` })).statusCode).toBe(401);
  });
});
