import { and, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { orders } from '../../db/schema';
import { enqueueRenewalCharges } from '../outbox/enqueue';

/**
 * The renewal orders whose charge is due (the first try, then each retry), claimed with SKIP
 * LOCKED: their next_charge_at is cleared and a `renewal_charge` outbox job written in the same
 * transaction, so each due charge is handed to exactly one job, and a crash loses none. The charge
 * itself runs from the outbox (chargeRenewalOrder), with no lock held. Answers how many.
 */
export async function claimDueChargeBatch(ctx: AppContext, now: Date, limit: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.nextChargeAt), lte(orders.nextChargeAt, now), isNull(orders.paidAt), isNull(orders.cancelledAt)))
      .orderBy(orders.nextChargeAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);
    await tx.update(orders).set({ nextChargeAt: null }).where(inArray(orders.id, ids));
    await enqueueRenewalCharges(tx, ids);
    return ids.length;
  });
}
