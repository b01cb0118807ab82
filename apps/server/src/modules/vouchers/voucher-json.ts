import type { CouponRow, PromotionRow } from './promotion-rules';

const epochSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function couponJson(coupon: CouponRow) {
  return {
    id: coupon.id,
    name: coupon.name,
    discount_type: coupon.discountType,
    discount_value: coupon.discountValue,
    currency: coupon.currency,
    max_redemptions: coupon.maxRedemptions,
    times_redeemed: coupon.timesRedeemed,
    redeem_by: epochSeconds(coupon.redeemBy),
    created_at: coupon.createdAt.toISOString(),
  };
}

export function promotionJson(promotion: PromotionRow) {
  return {
    id: promotion.id,
    coupon_id: promotion.couponId,
    code: promotion.code,
    active: promotion.active,
    max_redemptions: promotion.maxRedemptions,
    times_redeemed: promotion.timesRedeemed,
    expires_at: epochSeconds(promotion.expiresAt),
    restrictions: { minimum_amount: promotion.minimumAmountCents },
    once_per_customer: promotion.oncePerCustomer,
    created_at: promotion.createdAt.toISOString(),
  };
}
