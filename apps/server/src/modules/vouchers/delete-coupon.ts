import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { couponLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { couponJson } from './voucher-json';

/**
 * Soft delete, as Stripe's: the coupon leaves the list and its codes stop working (the promotion
 * rules treat a deleted coupon's codes as inactive), while every past order keeps its discount
 * and redemption rows, which still reference the coupon.
 */
export async function deleteCoupon(db: Db, actor: AuditActor, couponId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(and(eq(coupons.id, couponId), isNull(coupons.deletedAt))).for('update');
    if (!before) throw notFound(MSG.couponNotFound);
    const [after] = await tx.update(coupons).set({ deletedAt: now }).where(eq(coupons.id, couponId)).returning();
    await recordAdminAction(tx, {
      actor,
      action: 'coupon.deleted',
      target: { type: 'coupon', id: couponId },
      label: couponLabel(before),
      before: couponJson(before),
      after: { ...couponJson(after!), deleted_at: now.toISOString() },
    });
  });
}
