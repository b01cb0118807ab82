import type { PromotionLookup } from '@lbs/domain/promo';
import type { Db } from '../../db/client';
import { customerHoldsPromotion } from './customer-holds-promotion';
import { findPromotionByCode } from './find-promotion-by-code';
import { couponDiscount, INACTIVE_LOOKUP, promotionProblem } from './promotion-rules';

/** Longest code worth a query; longer input cannot be a code (PROMOTION_CODE_PATTERN allows 40). */
const MAX_CODE_LENGTH = 40;

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
