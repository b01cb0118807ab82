import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TPromotionBody } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { coupons, promotionCodes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { promotionJson } from './voucher-json';

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
