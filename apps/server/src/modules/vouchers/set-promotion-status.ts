import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import type { Db } from '../../db/client';
import { coupons, promotionCodes } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { promotionLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { promotionJson } from './voucher-json';

/** Turns one promotion code on or off; a deleted coupon's codes are gone, so 404. */
export async function setPromotionStatus(db: Db, actor: AuditActor, promotionId: string, active: boolean) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ promotion: promotionCodes, deletedAt: coupons.deletedAt })
      .from(promotionCodes)
      .innerJoin(coupons, eq(coupons.id, promotionCodes.couponId))
      .where(eq(promotionCodes.id, promotionId))
      .for('update');
    if (!found || found.deletedAt) throw notFound(MSG.promotionNotFound);
    const [after] = await tx.update(promotionCodes).set({ active }).where(eq(promotionCodes.id, promotionId)).returning();
    const json = promotionJson(after!);
    await recordAdminAction(tx, {
      actor,
      action: 'promotion.status_changed',
      target: { type: 'promotion', id: promotionId },
      label: promotionLabel(found.promotion),
      before: { active: found.promotion.active },
      after: { active },
    });
    return json;
  });
}
