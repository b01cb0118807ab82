import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TPromotionBody } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { coupons, promotionCodes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { promotionLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { promotionJson } from './voucher-json';

export async function createPromotion(db: Db, actor: AuditActor, couponId: string, body: TPromotionBody) {
  if (body.coupon_id !== undefined && body.coupon_id !== couponId) {
    throw badRequest('coupon_id: does not match the coupon in the path');
  }
  return db.transaction(async (tx) => {
    const [coupon] = await tx
      .select({ id: coupons.id, redeemBy: coupons.redeemBy })
      .from(coupons)
      .where(and(eq(coupons.id, couponId), isNull(coupons.deletedAt)))
      // Held until commit, so the coupon cannot be deleted under a code being added to it.
      .for('share');
    if (!coupon) throw notFound(MSG.couponNotFound);
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    // As Stripe: a code cannot outlive its coupon (the coupon's date would stop it anyway).
    if (expiresAt && coupon.redeemBy && expiresAt > coupon.redeemBy) throw badRequest(MSG.promotionPastCouponRedeemBy);
    const [promotion] = await tx
      .insert(promotionCodes)
      .values({
        couponId,
        code: body.code,
        maxRedemptions: body.max_redemptions ?? null,
        expiresAt,
        minimumAmountCents: body.minimum_amount ?? null,
      })
      // The unique index is on lower(code): 'SAVE10' and 'save10' are one code.
      .onConflictDoNothing()
      .returning();
    if (!promotion) throw conflict(MSG.promotionCodeTaken);
    const json = promotionJson(promotion);
    await recordAdminAction(tx, { actor, action: 'promotion.created', target: { type: 'promotion', id: json.id }, label: promotionLabel(promotion), before: null, after: json });
    return json;
  });
}
