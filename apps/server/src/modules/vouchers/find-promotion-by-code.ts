import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { coupons, promotionCodes } from '../../db/schema';
import type { CouponRow, PromotionRow } from './promotion-rules';

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
