import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { coupons, promotionCodes } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { promotionJson } from './voucher-json';

/** One coupon's promotion codes, newest first; a deleted coupon's codes are not listed. */
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
  return { ...page, items: page.items.map(promotionJson) };
}
