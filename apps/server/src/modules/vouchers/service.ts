import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { PromotionLookup } from '@lbs/domain/promo';
import type { TCouponBody, TPromotionBody } from '@lbs/domain/schemas';
import type { Db, DbOrTx } from '../../db/client';
import { coupons, orders, promotionCodes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { couponDiscount, INACTIVE_LOOKUP, promotionProblem, type CouponRow, type PromotionRow } from './promotion-rules';

/** Longest code worth a query; longer input cannot be a code (PROMOTION_CODE_PATTERN allows 40). */
const MAX_CODE_LENGTH = 40;

/** The promotion with this code (any letter case) and its coupon; `lock` takes both rows FOR UPDATE. */
export async function findPromotionByCode(
  db: DbOrTx,
  code: string,
  opts: { lock?: boolean } = {},
): Promise<{ promotion: PromotionRow; coupon: CouponRow } | null> {
  const query = db
    .select({ promotion: promotionCodes, coupon: coupons })
    .from(promotionCodes)
    .innerJoin(coupons, eq(coupons.id, promotionCodes.couponId))
    .where(eq(sql`lower(${promotionCodes.code})`, code.toLowerCase()))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * GET /voucher/promotion/code/{code}: a usable code answers its discount; unknown, inactive,
 * expired and used-up codes all answer the same inactive shape, so the answer tells a guesser
 * nothing about which codes exist.
 */
export async function lookupPromotionCode(
  db: Db,
  rawCode: string,
  opts: { userId?: number | null; now?: Date } = {},
): Promise<PromotionLookup> {
  const code = rawCode.trim();
  if (!code || code.length > MAX_CODE_LENGTH) return INACTIVE_LOOKUP;
  const found = await findPromotionByCode(db, code);
  if (!found) return INACTIVE_LOOKUP;
  const customerHasUsed =
    found.promotion.oncePerCustomer && opts.userId ? await customerHoldsPromotion(db, opts.userId, found.promotion.id) : false;
  if (promotionProblem(found.promotion, found.coupon, { now: opts.now ?? new Date(), customerHasUsed }) !== null) return INACTIVE_LOOKUP;
  return { active: true, coupon: couponDiscount(found.coupon) };
}

/**
 * Whether a once-per-customer promotion is used up for this customer. A paid order with the
 * promotion always counts; orders that were abandoned (failed) never do. `inFlight` also counts
 * the customer's unpaid orders with it: checkout asks that only after it has abandoned every earlier
 * checkout of the customer that can still be abandoned (createOnePaymentCheckout), so the unpaid
 * orders left are ones whose payment may still complete (a local session already charged, a Stripe
 * session that could not be expired). Counting them is what stops two paid uses; the lookup leaves
 * them out, because confirming again abandons an open checkout rather than being refused.
 */
export async function customerHoldsPromotion(
  db: DbOrTx,
  userId: number,
  promotionId: string,
  opts: { inFlight?: boolean } = {},
): Promise<boolean> {
  const statuses: Array<'paid' | 'unpaid'> = opts.inFlight ? ['paid', 'unpaid'] : ['paid'];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.promotionId, promotionId), inArray(orders.paymentStatus, statuses)))
    .limit(1);
  return rows.length > 0;
}

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

export async function createPromotion(db: Db, couponId: string, body: TPromotionBody) {
  if (body.coupon_id !== undefined && body.coupon_id !== couponId) {
    throw badRequest('coupon_id: does not match the coupon in the path');
  }
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.id, couponId), isNull(coupons.deletedAt)));
    if (!coupon) throw notFound(MSG.couponNotFound);
    const [promotion] = await tx
      .insert(promotionCodes)
      .values({
        couponId,
        code: body.code,
        maxRedemptions: body.max_redemptions ?? null,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        minimumAmountCents: body.minimum_amount ?? null,
      })
      // The unique index is on lower(code): 'SAVE10' and 'save10' are one code.
      .onConflictDoNothing()
      .returning();
    if (!promotion) throw conflict(MSG.promotionCodeTaken);
    return promotionJson(promotion);
  });
}
