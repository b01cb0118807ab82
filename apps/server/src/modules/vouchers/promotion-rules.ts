import { checkPromotionUsable, useLimitProblem, type PromotionLookup } from '@lbs/domain/promo';
import { MSG } from '@lbs/domain/messages';
import type { coupons, promotionCodes } from '../../db/schema';

export type PromotionRow = typeof promotionCodes.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export interface PromotionUse {
  now: Date;
  /** Items subtotal in cents; omitted by the public lookup, which cannot know the order. */
  orderAmountCents?: number;
  /** This customer already holds a paid or reserved use of this promotion. */
  customerHasUsed?: boolean;
}

/**
 * Why a promotion code cannot be used right now, or null when it can. Both the code's own limits
 * and its coupon's (deleted, redeem-by date, max redemptions across all its codes) count.
 */
export function promotionProblem(promotion: PromotionRow, coupon: CouponRow, use: PromotionUse): string | null {
  if (coupon.deletedAt !== null) return MSG.invalidPromoCode;
  const codeCheck = checkPromotionUsable(
    {
      active: promotion.active,
      expires_at: promotion.expiresAt,
      max_redemptions: promotion.maxRedemptions,
      times_redeemed: promotion.timesRedeemed,
      minimum_amount: use.orderAmountCents === undefined ? null : promotion.minimumAmountCents,
    },
    { now: use.now, orderAmountCents: use.orderAmountCents ?? 0, customerHasRedeemed: false },
  );
  if (!codeCheck.ok) return codeCheck.reason;
  const couponLimit = useLimitProblem(
    { expires_at: coupon.redeemBy, max_redemptions: coupon.maxRedemptions, times_redeemed: coupon.timesRedeemed },
    use.now,
  );
  if (couponLimit !== null) return couponLimit;
  if (promotion.oncePerCustomer && use.customerHasUsed) return MSG.promoAlreadyUsed;
  return null;
}

/** The coupon as the promo-code lookup shows it: percent, or amount in cents. */
export function couponDiscount(coupon: CouponRow): PromotionLookup['coupon'] {
  return coupon.discountType === 'percent'
    ? { percent_off: coupon.discountValue, amount_off: null }
    : { percent_off: null, amount_off: coupon.discountValue };
}

export const INACTIVE_LOOKUP: PromotionLookup = Object.freeze({
  active: false,
  coupon: Object.freeze({ percent_off: null, amount_off: null }),
}) as PromotionLookup;
