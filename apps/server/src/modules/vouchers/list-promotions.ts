import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { coupons, promotionCodes } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { paidRedemptionTotals } from './paid-redemption-totals';
import { promotionJson } from './voucher-json';

/** One coupon's promotion codes, newest first, each with its paid redemptions and discount given; a deleted coupon's codes are not listed. */
export async function listPromotions(db: DbOrTx, couponId: string, paging: TPaging) {
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(and(eq(coupons.id, couponId), isNull(coupons.deletedAt)));
  if (!coupon) throw notFound(MSG.couponNotFound);
  const page = await paginate(db, {
    from: promotionCodes,
    where: eq(promotionCodes.couponId, couponId),
    newestFirst: [promotionCodes.createdAt],
    tieBreak: promotionCodes.id,
    paging,
  });
  const totals = await paidRedemptionTotals(db, 'promotion', page.items.map((p) => p.id));
  return { ...page, items: page.items.map((p) => ({ ...promotionJson(p), ...totals(p.id) })) };
}
