import { isLicenseProductId } from './catalogue';
import { MSG } from './messages';
import { fromCents, roundMoney } from './money';
import type { TCouponDiscount, TPromotionLookup } from './responses';

/** A coupon's discount: 0 < percent_off <= 100, or amount_off in cents. */
export type Coupon = TCouponDiscount;

/** What a promo-code lookup answers (GET /voucher/promotion/code/{code}). */
export type PromotionLookup = TPromotionLookup;

type PricedLine = { product_id: number; price: number; quantity: number };

/** USD total of the licence lines (product_id 10 or more): the only lines a promo code touches. */
function licenseSubtotal(items: readonly PricedLine[]): number {
  return roundMoney(
    items
      .filter((item) => isLicenseProductId(item.product_id))
      .reduce((sum, item) => sum + item.price * item.quantity, 0),
  );
}

/** A promo code can apply: the cart has at least one licence line. */
export function promoApplies(items: readonly PricedLine[]): boolean {
  return items.some((item) => isLicenseProductId(item.product_id) && item.quantity > 0);
}

/**
 * USD discount: percent_off of the licence subtotal, else amount_off cents as dollars; capped at
 * the licence subtotal, never negative, rounded to cents.
 */
export function computeDiscount(items: readonly PricedLine[], coupon: Coupon): number {
  const subtotal = licenseSubtotal(items);
  let discount = 0;
  if (coupon.percent_off !== null && Number.isFinite(coupon.percent_off)) {
    discount = (subtotal * coupon.percent_off) / 100;
  } else if (coupon.amount_off !== null && Number.isFinite(coupon.amount_off)) {
    discount = fromCents(coupon.amount_off);
  }
  return roundMoney(Math.min(subtotal, Math.max(0, discount)));
}

export type PromoEligibility = { ok: true; discount: number } | { ok: false; message: string };

/** The checkout's decision on a looked-up code, with the spec's messages. */
export function evaluatePromo(
  items: readonly PricedLine[],
  promotion: PromotionLookup | null | undefined,
): PromoEligibility {
  if (!promotion || !promotion.active) return { ok: false, message: MSG.invalidPromoCode };
  if (!promoApplies(items)) return { ok: false, message: MSG.promoOnlyLicenses };
  return { ok: true, discount: computeDiscount(items, promotion.coupon) };
}

/**
 * What is charged: items subtotal + shipping - discount, never below 0. A negative shipping fee
 * (the cart's "not quoted yet" -100) counts as 0.
 */
export function discountedTotal(subtotal: number, shippingFee: number, discount: number): number {
  return roundMoney(Math.max(0, subtotal + Math.max(0, shippingFee) - Math.max(0, discount)));
}

/** The limits a promotion code and its coupon both carry (the coupon's end is its redeem_by). */
export interface UseLimits {
  expires_at: Date | null;
  max_redemptions: number | null;
  times_redeemed: number;
}

/** Why these limits refuse a use at `now`: expired, else used up; null when they allow it. */
export function useLimitProblem(limits: UseLimits, now: Date): string | null {
  if (limits.expires_at !== null && limits.expires_at.getTime() <= now.getTime())
    return MSG.promoExpired;
  if (limits.max_redemptions !== null && limits.times_redeemed >= limits.max_redemptions)
    return MSG.promoUsedUp;
  return null;
}

/** Promotion-code restrictions as the server stores them. */
export interface PromotionRules extends UseLimits {
  active: boolean;
  /** Cents, compared with the order amount. */
  minimum_amount: number | null;
  /** Only for a customer's first purchase. */
  first_time_transaction?: boolean;
}

export interface PromotionUseContext {
  now: Date;
  /** The amount the minimum applies to, in cents (the server uses the items subtotal). */
  orderAmountCents: number;
  /** The customer already has a paid order; only consulted for first-time-only codes. */
  customerHasRedeemed: boolean;
}

export function checkPromotionUsable(
  rules: PromotionRules,
  context: PromotionUseContext,
): { ok: true } | { ok: false; reason: string } {
  if (!rules.active) return { ok: false, reason: MSG.invalidPromoCode };
  const limit = useLimitProblem(rules, context.now);
  if (limit !== null) return { ok: false, reason: limit };
  if (rules.minimum_amount !== null && context.orderAmountCents < rules.minimum_amount) {
    return { ok: false, reason: MSG.promoMinimumNotMet };
  }
  if (rules.first_time_transaction === true && context.customerHasRedeemed) {
    return { ok: false, reason: MSG.promoFirstPurchaseOnly };
  }
  return { ok: true };
}
