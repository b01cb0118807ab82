import { isNull } from 'drizzle-orm';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { coupons } from '../../db/schema';
import { couponJson } from './voucher-json';

/** Coupons, newest first; a deleted coupon is gone from the list (its orders keep their discount). */
export async function listCoupons(db: DbOrTx, paging: TPaging) {
  const page = await paginate(db, { from: coupons, where: isNull(coupons.deletedAt), newestFirst: [coupons.createdAt], tieBreak: coupons.id, paging });
  return { ...page, items: page.items.map(couponJson) };
}
