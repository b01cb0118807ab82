import type { TCouponBody } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { couponJson } from './voucher-json';

export async function createCoupon(db: Db, body: TCouponBody) {
  const [coupon] = await db
    .insert(coupons)
    .values({
      name: body.name,
      discountType: body.discount_type,
      discountValue: body.discount_value,
      currency: body.discount_type === 'amount' ? (body.currency ?? 'usd') : null,
      maxRedemptions: body.max_redemptions ?? null,
      redeemBy: body.redeem_by ? new Date(body.redeem_by) : null,
    })
    .returning();
  return couponJson(coupon!);
}
