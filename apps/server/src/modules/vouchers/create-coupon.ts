import type { TCouponBody } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { couponLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { couponJson } from './voucher-json';

export async function createCoupon(db: Db, actor: AuditActor, body: TCouponBody) {
  return db.transaction(async (tx) => {
    const [coupon] = await tx
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
    const json = couponJson(coupon!);
    await recordAdminAction(tx, { actor, action: 'coupon.created', target: { type: 'coupon', id: json.id }, label: couponLabel(coupon!), before: null, after: json });
    return json;
  });
}
