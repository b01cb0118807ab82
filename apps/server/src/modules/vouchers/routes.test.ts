import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { coupons, orders, promotionCodes } from '../../db/schema';
import { customerHoldsPromotion } from './customer-holds-promotion';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let ipCounter = 1;
beforeAll(async () => {
  ({ t, admin, customer: user } = await buildAdminTestApp());
});
afterAll(() => t?.close());

// Each lookup comes from its own address unless a test says otherwise: the route is rate-limited.
const lookup = (code: string, remoteAddress = `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`) =>
  t.app.inject({ method: 'GET', url: `/api/voucher/promotion/code/${encodeURIComponent(code)}`, remoteAddress });

async function createCoupon(body: object, headers = admin.headers) {
  return t.app.inject({ method: 'POST', url: '/api/voucher/coupon', headers, payload: body });
}
async function createPromotion(couponId: string, body: object, headers = admin.headers) {
  return t.app.inject({ method: 'POST', url: `/api/voucher/promotion/${couponId}`, headers, payload: body });
}
async function couponWithCode(code: string, coupon: object = { name: 'Twenty', discount_type: 'percent', discount_value: 20 }) {
  const c = await createCoupon(coupon);
  expect(c.statusCode).toBe(201);
  const p = await createPromotion(c.json().id, { code });
  expect(p.statusCode).toBe(201);
  return { couponId: c.json().id as string, promotionId: p.json().id as string };
}

const INACTIVE = { active: false, coupon: { percent_off: null, amount_off: null } };

describe('admin coupon and promotion creation', () => {
  it('creates a percent coupon and a promotion with the spec fields', async () => {
    const c = await createCoupon({ name: ' Launch ', discount_type: 'percent', discount_value: 15, max_redemptions: 100, redeem_by: '2099-12-31T23:59:59Z' });
    expect(c.statusCode).toBe(201);
    expect(c.json()).toMatchObject({ name: 'Launch', discount_type: 'percent', discount_value: 15, max_redemptions: 100, currency: null, redeem_by: 4102444799 });
    const p = await createPromotion(c.json().id, { coupon_id: c.json().id, code: 'LAUNCH15', max_redemptions: 5, expires_at: '2099-01-01', minimum_amount: 5000 });
    expect(p.statusCode).toBe(201);
    expect(p.json()).toMatchObject({ code: 'LAUNCH15', active: true, max_redemptions: 5, expires_at: 4070908800, restrictions: { minimum_amount: 5000 }, coupon_id: c.json().id });
  });

  it('stores an amount coupon in cents with currency usd', async () => {
    const c = await createCoupon({ name: 'Ten off', discount_type: 'amount', discount_value: 1000, currency: 'usd' });
    expect(c.json()).toMatchObject({ discount_type: 'amount', discount_value: 1000, currency: 'usd' });
  });

  it('is for admins only', async () => {
    const body = { name: 'X', discount_type: 'percent', discount_value: 10 };
    expect((await createCoupon(body, user.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/voucher/coupon', payload: body })).statusCode).toBe(401);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.name, 'X'));
    expect(row).toBeUndefined();
    const { couponId } = await couponWithCode('ADMINONLY');
    expect((await createPromotion(couponId, { code: 'SNEAKY' }, user.headers)).statusCode).toBe(403);
  });

  it('refuses bad values with the spec messages', async () => {
    const noName = await createCoupon({ name: '  ', discount_type: 'percent', discount_value: 10 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toContain('Coupon name is required');
    expect((await createCoupon({ name: 'A', discount_type: 'percent', discount_value: 150 })).statusCode).toBe(400);
    // The domain schema holds both value rules; the route answers its message like any other field's.
    const fraction = await createCoupon({ name: 'A', discount_type: 'percent', discount_value: 12.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().detail).toBe('body.discount_value: Percentage off must be a whole number');
    expect((await createCoupon({ name: 'A', discount_type: 'amount', discount_value: 9.99 })).statusCode).toBe(400);
    const { couponId } = await couponWithCode('VALID-1');
    const noCode = await createPromotion(couponId, { code: ' ' });
    expect(noCode.json().detail).toContain('Promotion code is required');
    expect((await createPromotion(couponId, { code: 'OK_CODE', max_redemptions: 'ten' })).json().detail).toContain(
      'Max redemptions must be a valid number',
    );
  });

  it('keeps codes unique whatever their letter case', async () => {
    const { couponId } = await couponWithCode('UNIQUE10');
    const again = await createPromotion(couponId, { code: 'unique10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This promotion code already exists');
  });

  it('answers 404 for a missing coupon and 400 when the body names another', async () => {
    const missing = await createPromotion('00000000-0000-4000-8000-000000000000', { code: 'NOPE1' });
    expect(missing.statusCode).toBe(404);
    const { couponId } = await couponWithCode('MISMATCH0');
    const other = await createPromotion(couponId, { code: 'MISMATCH1', coupon_id: '00000000-0000-4000-8000-000000000000' });
    expect(other.statusCode).toBe(400);
    expect((await createPromotion('not-a-uuid', { code: 'NOPE2' })).statusCode).toBe(400);
  });
});

describe('GET /api/voucher/promotion/code/{code}', () => {
  it('answers a usable code, matched in any letter case', async () => {
    await couponWithCode('Summer25', { name: 'Quarter', discount_type: 'percent', discount_value: 25 });
    for (const code of ['Summer25', 'SUMMER25', 'summer25']) {
      const res = await lookup(code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ active: true, coupon: { percent_off: 25, amount_off: null } });
    }
    await couponWithCode('FLAT10', { name: 'Flat', discount_type: 'amount', discount_value: 1000 });
    expect((await lookup('flat10')).json()).toEqual({ active: true, coupon: { percent_off: null, amount_off: 1000 } });
  });

  it('answers unknown, inactive, expired and used-up codes as inactive, without their values', async () => {
    expect((await lookup('NO-SUCH-CODE')).json()).toEqual(INACTIVE);
    expect((await lookup('x'.repeat(90))).json()).toEqual(INACTIVE);
    expect((await lookup("'; drop table coupons; --")).json()).toEqual(INACTIVE);

    const off = await couponWithCode('SWITCHEDOFF');
    await t.db.update(promotionCodes).set({ active: false }).where(eq(promotionCodes.id, off.promotionId));
    expect((await lookup('SWITCHEDOFF')).json()).toEqual(INACTIVE);

    const expired = await couponWithCode('EXPIRED1');
    await t.db.update(promotionCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(promotionCodes.id, expired.promotionId));
    expect((await lookup('EXPIRED1')).json()).toEqual(INACTIVE);

    const usedUp = await couponWithCode('USEDUP1');
    await t.db.update(promotionCodes).set({ maxRedemptions: 3, timesRedeemed: 3 }).where(eq(promotionCodes.id, usedUp.promotionId));
    expect((await lookup('USEDUP1')).json()).toEqual(INACTIVE);

    const couponLimit = await couponWithCode('COUPONFULL');
    await t.db.update(coupons).set({ maxRedemptions: 1, timesRedeemed: 1 }).where(eq(coupons.id, couponLimit.couponId));
    expect((await lookup('COUPONFULL')).json()).toEqual(INACTIVE);

    const couponOver = await couponWithCode('COUPONOVER');
    await t.db.update(coupons).set({ redeemBy: new Date(Date.now() - 1000) }).where(eq(coupons.id, couponOver.couponId));
    expect((await lookup('COUPONOVER')).json()).toEqual(INACTIVE);

    const deleted = await couponWithCode('DELETED1');
    await t.db.update(coupons).set({ deletedAt: new Date() }).where(eq(coupons.id, deleted.couponId));
    expect((await lookup('DELETED1')).json()).toEqual(INACTIVE);
  });

  it('limits lookups per client so codes cannot be guessed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await lookup(`GUESS${i}`, '192.0.2.7')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const limited = await lookup('GUESS99', '192.0.2.7');
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please try again later' });
    expect((await lookup('GUESS99', '192.0.2.8')).statusCode).toBe(200);
  });
});

describe('once-per-customer use', () => {
  it('counts paid orders; unpaid ones only for a checkout (in flight), abandoned ones never', async () => {
    const { promotionId } = await couponWithCode('ONCEUSE');
    const customer = await createUserWithSession(t.db);
    const order = (paymentStatus: 'unpaid' | 'paid' | 'failed') =>
      t.db.insert(orders).values({
        userId: customer.id, email: customer.email, paymentStatus, needsShipping: false,
        subtotalCents: 1000, shippingCents: 0, discountCents: 200, totalCents: 800,
        promotionId, promoCode: 'ONCEUSE', paymentProvider: 'local',
      });
    const holds = (inFlight: boolean) => customerHoldsPromotion(t.db, customer.id, promotionId, { inFlight });
    expect([await holds(false), await holds(true)]).toEqual([false, false]);
    await order('failed');
    expect([await holds(false), await holds(true)]).toEqual([false, false]);
    await order('unpaid');
    expect([await holds(false), await holds(true)]).toEqual([false, true]);
    await order('paid');
    expect([await holds(false), await holds(true)]).toEqual([true, true]);
  });
});
