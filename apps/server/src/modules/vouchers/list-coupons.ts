import { isNull } from 'drizzle-orm';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { coupons } from '../../db/schema';
import { paidRedemptionTotals } from './paid-redemption-totals';
import { couponJson } from './voucher-json';

/**
 * Coupons, newest first, each with its paid redemptions and discount given; a deleted coupon is
 * gone from the list (its orders keep their discount).
 */
export async function listCoupons(db: DbOrTx, paging: TPaging) {
  const page = await paginate(db, { from: coupons, where: isNull(coupons.deletedAt), newestFirst: [coupons.createdAt], tieBreak: coupons.id, paging });
  const totals = await paidRedemptionTotals(db, 'coupon', page.items.map((c) => c.id));
  return { ...page, items: page.items.map((c) => ({ ...couponJson(c), ...totals(c.id) })) };
}
