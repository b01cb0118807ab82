import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { coupons, type orders, promotionCodes, promotionRedemptions } from '../../db/schema';

/*
 * A promotion's uses (times_redeemed on the code and on its coupon) are counted from the moment a
 * checkout's order exists, so concurrent checkouts can never promise more discounts than
 * max_redemptions allows:
 *   reserve: the unpaid order is written (+1);
 *   release: its payment can no longer complete, failed or abandoned (-1);
 *   redeem:  it is paid; the redemption is recorded, and a use that was released is taken again.
 * Every caller runs these inside its own transaction, after locking the order row.
 */

type PromotionRef = { id: string; couponId: string };
type OrderRow = typeof orders.$inferSelect;

async function changePromotionUses(tx: DbOrTx, promotion: PromotionRef, delta: 1 | -1): Promise<void> {
  await tx
    .update(promotionCodes)
    .set({ timesRedeemed: sql`greatest(0, ${promotionCodes.timesRedeemed} + ${delta})` })
    .where(eq(promotionCodes.id, promotion.id));
  await tx
    .update(coupons)
    .set({ timesRedeemed: sql`greatest(0, ${coupons.timesRedeemed} + ${delta})` })
    .where(eq(coupons.id, promotion.couponId));
}

async function promotionRef(tx: DbOrTx, promotionId: string): Promise<PromotionRef | null> {
  const [row] = await tx
    .select({ id: promotionCodes.id, couponId: promotionCodes.couponId })
    .from(promotionCodes)
    .where(eq(promotionCodes.id, promotionId));
  return row ?? null;
}

/** The new unpaid order holds one use of its promotion. */
export async function reservePromotionUse(tx: DbOrTx, promotion: PromotionRef): Promise<void> {
  await changePromotionUses(tx, promotion, +1);
}

/** An unpaid order whose payment will never complete gives its use back. */
export async function releasePromotionUse(tx: DbOrTx, promotionId: string): Promise<void> {
  const promotion = await promotionRef(tx, promotionId);
  if (promotion) await changePromotionUses(tx, promotion, -1);
}

/**
 * Gives back the uses of several abandoned orders (one promotion id per order, repeats allowed).
 * Every promotion involved, and `alsoLock` (the one the caller reserves next), is locked first
 * (see lockPromotions).
 */
export async function releasePromotionUses(
  tx: Tx,
  promotionIds: readonly string[],
  opts: { alsoLock?: string | null } = {},
): Promise<void> {
  if (promotionIds.length === 0) return;
  await lockPromotions(tx, opts.alsoLock ? [...promotionIds, opts.alsoLock] : promotionIds);
  for (const id of promotionIds) await releasePromotionUse(tx, id);
}

/**
 * The order is being paid: its promotion's redemption is recorded (once per order). A failed or
 * expired payment gave its reserved use back; money that arrives anyway still gets the discount
 * it paid for, so the use is taken again. Pass the order as it was before it was marked paid.
 */
export async function redeemPromotionUse(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'userId' | 'promotionId' | 'paymentStatus'>,
): Promise<void> {
  if (!order.promotionId) return;
  const promotion = await promotionRef(tx, order.promotionId);
  if (!promotion) return;
  if (order.paymentStatus === 'failed') await changePromotionUses(tx, promotion, +1);
  await tx
    .insert(promotionRedemptions)
    .values({ promotionId: promotion.id, couponId: promotion.couponId, userId: order.userId, orderId: order.id })
    .onConflictDoNothing();
}

/**
 * Takes the promotion rows, then their coupon rows, FOR UPDATE, each in id order. A transaction
 * that changes the uses of more than one promotion (a checkout giving back what the customer's
 * abandoned checkouts held, then reserving its own) locks them all this way first, so two such
 * transactions cannot each hold one row and wait for the other's.
 */
async function lockPromotions(tx: Tx, promotionIds: readonly string[]): Promise<void> {
  const ids = [...new Set(promotionIds)];
  const rows = await tx
    .select({ id: promotionCodes.id, couponId: promotionCodes.couponId })
    .from(promotionCodes)
    .where(inArray(promotionCodes.id, ids))
    .orderBy(asc(promotionCodes.id))
    .for('update');
  const couponIds = [...new Set(rows.map((row) => row.couponId))];
  if (couponIds.length === 0) return;
  await tx.select({ id: coupons.id }).from(coupons).where(inArray(coupons.id, couponIds)).orderBy(asc(coupons.id)).for('update');
}
