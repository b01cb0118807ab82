import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, type TestUser } from '../../../test/fixtures';
import { insertAccount, insertOrderPaidAt } from '../../../test/report-fixtures';
import { coupons, orders, promotionCodes, promotionRedemptions } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { paidRedemptionTotalsQuery } from './paid-redemption-totals';

let t: TestApp;
let admin: TestUser;
let spring: { id: string } | undefined;
let summer: { id: string } | undefined;
let bulk: { id: string } | undefined;
let codes: Record<'SPRING10' | 'SPRINGVIP' | 'SUMMER5' | 'UNUSED', string>;

interface Totals {
  id: string;
  paid_redemptions: number;
  discount_given: number;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  const db = t.db;
  [spring] = await db.insert(coupons).values({ name: 'Spring', discountType: 'percent', discountValue: 10 }).returning({ id: coupons.id });
  [summer] = await db.insert(coupons).values({ name: 'Summer', discountType: 'amount', discountValue: 500, currency: 'usd' }).returning({ id: coupons.id });
  const code = async (couponId: string, text: string) =>
    (await db.insert(promotionCodes).values({ couponId, code: text }).returning({ id: promotionCodes.id }))[0]!.id;
  codes = {
    SPRING10: await code(spring!.id, 'SPRING10'),
    SPRINGVIP: await code(spring!.id, 'SPRINGVIP'),
    SUMMER5: await code(summer!.id, 'SUMMER5'),
    UNUSED: await code(summer!.id, 'UNUSED'),
  };
  const buyer = await insertAccount(db, new Date('2025-01-01T00:00:00Z'));
  /** An order that used a code; a redemption row only where the order was paid, as checkout writes it. */
  const use = async (promotionId: string, couponId: string, discountCents: number, paymentStatus: 'paid' | 'unpaid' | 'failed' = 'paid') => {
    const order = await insertOrderPaidAt(db, buyer, new Date('2025-03-01T00:00:00Z'), { discountCents, paymentStatus });
    await db.update(orders).set({ promotionId }).where(eq(orders.id, order.id));
    if (paymentStatus === 'paid') await db.insert(promotionRedemptions).values({ promotionId, couponId, userId: buyer.id, orderId: order.id });
    return order;
  };
  await use(codes.SPRING10, spring!.id, 1500);
  await use(codes.SPRING10, spring!.id, 2200);
  await use(codes.SPRINGVIP, spring!.id, 4000);
  await use(codes.SUMMER5, summer!.id, 500);
  // Checkouts not paid: neither redeemed nor discounted (they only hold a use while open).
  await use(codes.SPRING10, spring!.id, 1500, 'unpaid');
  await use(codes.SUMMER5, summer!.id, 500, 'failed');
  // A paid order refunded in full since: still a paid redemption with its discount (Stripe counts
  // a redemption so, and the order was paid: paid_at stays, whatever was given back).
  const refunded = await use(codes.SUMMER5, summer!.id, 500);
  await db.update(orders).set({ paymentStatus: 'refunded', refundedCents: refunded.totalCents }).where(eq(orders.id, refunded.id));
  // A busy coupon's 5,000 paid orders, so the planner weighs the tables as in a real shop and the
  // plan test below means something: a page's few coupons are a small part of the redemptions.
  [bulk] = await db.insert(coupons).values({ name: 'Bulk', discountType: 'amount', discountValue: 100, currency: 'usd' }).returning({ id: coupons.id });
  const bulkCode = await code(bulk!.id, 'BULK1');
  await db.execute(sql`insert into orders (user_id, email, payment_status, needs_shipping, subtotal_cents, shipping_cents,
      discount_cents, total_cents, payment_provider, paid_at, created_at, promotion_id)
    select ${buyer.id}, ${buyer.email}, 'paid', false, 4000, 0, 100, 3900, 'local', now(), now(), ${bulkCode} from generate_series(1, 5000)`);
  await db.execute(sql`insert into promotion_redemptions (promotion_id, coupon_id, user_id, order_id)
    select ${bulkCode}, ${bulk!.id}, ${buyer.id}, id from orders where promotion_id = ${bulkCode}`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze promotion_redemptions`);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: admin.headers });

/** The same figures written by hand: paid orders' redemptions grouped by coupon or code. */
async function byHand(column: 'coupon_id' | 'promotion_id'): Promise<Map<string, Omit<Totals, 'id'>>> {
  const rows = await selectRows<{ id: string; n: string | number; d: string | number }>(
    t.db,
    sql`select r.${sql.raw(column)} as id, count(*) as n, sum(o.discount_cents) as d
      from promotion_redemptions r join orders o on o.id = r.order_id
      where o.paid_at is not null group by 1`,
  );
  return new Map(rows.map((r) => [r.id, { paid_redemptions: Number(r.n), discount_given: Number(r.d) }]));
}

const totalsOf = (items: Totals[]) => new Map(items.map((i) => [i.id, { paid_redemptions: i.paid_redemptions, discount_given: i.discount_given }]));

it('lists each coupon with its paid redemptions and the discount they were given, as counted by hand', async () => {
  const page = (await get('/voucher/coupon')).json() as { items: Totals[] };
  const hand = await byHand('coupon_id');
  expect(totalsOf(page.items)).toEqual(new Map(page.items.map((c) => [c.id, hand.get(c.id) ?? { paid_redemptions: 0, discount_given: 0 }])));
  expect(totalsOf(page.items).get(spring!.id)).toEqual({ paid_redemptions: 3, discount_given: 7700 });
  expect(totalsOf(page.items).get(summer!.id)).toEqual({ paid_redemptions: 2, discount_given: 1000 });
  expect(totalsOf(page.items).get(bulk!.id)).toEqual({ paid_redemptions: 5000, discount_given: 500_000 });
});

it.each([
  ['Spring', () => spring!.id, { SPRING10: { paid_redemptions: 2, discount_given: 3700 }, SPRINGVIP: { paid_redemptions: 1, discount_given: 4000 } }],
  ['Summer', () => summer!.id, { SUMMER5: { paid_redemptions: 2, discount_given: 1000 }, UNUSED: { paid_redemptions: 0, discount_given: 0 } }],
])('lists %s’s codes each with its paid redemptions and discount, as counted by hand', async (_name, couponId, expected) => {
  const page = (await get(`/voucher/promotion/${couponId()}`)).json() as { items: Array<Totals & { code: string }> };
  const hand = await byHand('promotion_id');
  expect(Object.fromEntries(page.items.map((p) => [p.code, { paid_redemptions: p.paid_redemptions, discount_given: p.discount_given }]))).toEqual(expected);
  for (const p of page.items) {
    expect({ paid_redemptions: p.paid_redemptions, discount_given: p.discount_given }).toEqual(hand.get(p.id) ?? { paid_redemptions: 0, discount_given: 0 });
  }
});

it.each([
  ['coupon', 'promotion_redemptions_coupon_idx'],
  ['promotion', 'promotion_redemptions_promo_user_idx'],
] as const)('reads a page of %s totals by %s', async (by, index) => {
  const plan = await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const query = paidRedemptionTotalsQuery(tx, by, by === 'coupon' ? [spring!.id, summer!.id] : Object.values(codes));
    const rows = await selectRows<Record<string, string>>(tx, sql`explain ${query.getSQL()}`);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
  expect(plan).toContain(index);
});
