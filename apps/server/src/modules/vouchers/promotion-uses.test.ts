import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { insertPromotion } from '../../../test/checkout-fixtures';
import { createUserWithSession } from '../../../test/fixtures';
import type { Db } from '../../db/client';
import { coupons, orders, promotionCodes, promotionRedemptions } from '../../db/schema';
import { redeemPromotionUse, releasePromotionUse, releasePromotionUses, reservePromotionUse } from './promotion-uses';

let testDb: TestDatabase;
let db: Db;
let userId: number;
beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
  userId = (await createUserWithSession(db)).id;
});
afterAll(() => testDb?.close());

async function promotionWithUses(code: string, uses: number) {
  const { promotion, coupon } = await insertPromotion(db, { code, percentOff: 10 });
  await db.update(promotionCodes).set({ timesRedeemed: uses }).where(eq(promotionCodes.id, promotion.id));
  await db.update(coupons).set({ timesRedeemed: uses }).where(eq(coupons.id, coupon.id));
  return { id: promotion.id, couponId: coupon.id };
}

/** [code's uses, coupon's uses] */
async function uses(promotion: { id: string; couponId: string }) {
  const [p] = await db.select().from(promotionCodes).where(eq(promotionCodes.id, promotion.id));
  const [c] = await db.select().from(coupons).where(eq(coupons.id, promotion.couponId));
  return [p!.timesRedeemed, c!.timesRedeemed];
}

async function order(promotionId: string, paymentStatus: 'unpaid' | 'failed') {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      email: 'buyer@example.com',
      paymentStatus,
      needsShipping: false,
      subtotalCents: 1000,
      shippingCents: 0,
      discountCents: 100,
      totalCents: 900,
      promotionId,
      paymentProvider: 'local',
    })
    .returning();
  return row!;
}

const redemptionsOf = async (orderId: number) =>
  (await db.select().from(promotionRedemptions).where(eq(promotionRedemptions.orderId, orderId))).length;

describe('promotion uses', () => {
  it('reserve and release move the code and its coupon together, never below zero', async () => {
    const promotion = await promotionWithUses('MOVE-BOTH', 0);
    await db.transaction((tx) => reservePromotionUse(tx, promotion));
    expect(await uses(promotion)).toEqual([1, 1]);
    await db.transaction((tx) => releasePromotionUse(tx, promotion.id));
    expect(await uses(promotion)).toEqual([0, 0]);
    await db.transaction((tx) => releasePromotionUse(tx, promotion.id));
    expect(await uses(promotion)).toEqual([0, 0]);
  });

  it('releases one use per abandoned order and leaves the promotion it only locks alone', async () => {
    const a = await promotionWithUses('MANY-A', 3);
    const b = await promotionWithUses('MANY-B', 3);
    const wanted = await promotionWithUses('MANY-WANTED', 3);
    await db.transaction((tx) => releasePromotionUses(tx, [a.id, b.id, a.id], { alsoLock: wanted.id }));
    expect([await uses(a), await uses(b), await uses(wanted)]).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('redeeming an unpaid order records it once and keeps its reserved use', async () => {
    const promotion = await promotionWithUses('REDEEM-HELD', 1);
    const held = await order(promotion.id, 'unpaid');
    await db.transaction((tx) => redeemPromotionUse(tx, held));
    await db.transaction((tx) => redeemPromotionUse(tx, held));
    expect(await redemptionsOf(held.id)).toBe(1);
    expect(await uses(promotion)).toEqual([1, 1]);
  });

  it('redeeming an order whose payment had failed takes its released use again', async () => {
    const promotion = await promotionWithUses('REDEEM-LATE', 0);
    const failed = await order(promotion.id, 'failed');
    await db.transaction((tx) => redeemPromotionUse(tx, failed));
    expect(await redemptionsOf(failed.id)).toBe(1);
    expect(await uses(promotion)).toEqual([1, 1]);
  });
});
