import { and, eq } from 'drizzle-orm';
import { SHIPPING_MSG, type ShipOutcome } from '@lbs/domain/carriers';
import type { TOrderShipBody, TShipOrder } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import type { AuditActor } from '../audit/record-admin-action';
import { applyOrderChange, carrierFields } from './update-order';

interface ShipResult {
  order_id: number;
  outcome: ShipOutcome;
  detail: string;
  track_url: string;
}

/**
 * Marks several orders shipped, each with its own carrier and number, by the order dialog's rules
 * (notification, mail through the outbox, audit row).
 *
 * One transaction per order, not one for all: an order refused or failing leaves the others
 * shipped, each answer says what happened to its order, and a transaction holds one row lock at a
 * time, so two admins shipping overlapping selections in different orders cannot deadlock.
 *
 * Exactly once: each order's row is locked before it is read, so a second request for the same
 * order (a double click, a retry, another admin) waits for the first to commit and then finds it
 * shipped; shipped already with the same carrier and number it is left alone ('unchanged'), and
 * its customer is not notified or mailed again. Shipped with something else, it is refused: a
 * change of tracking is the order dialog's deliberate edit, not a side effect of a bulk action.
 */
export async function shipOrders(db: Db, actor: AuditActor, body: TOrderShipBody): Promise<{ results: ShipResult[] }> {
  const results: ShipResult[] = [];
  for (const wanted of body.orders) results.push(await shipOrder(db, actor, wanted));
  return { results };
}

async function shipOrder(db: Db, actor: AuditActor, wanted: TShipOrder): Promise<ShipResult> {
  return db.transaction(async (tx) => {
    const answer = (outcome: ShipOutcome, detail: string, trackUrl: string | null = null): ShipResult => ({
      order_id: wanted.order_id,
      outcome,
      detail,
      track_url: trackUrl ?? '',
    });
    const [before] = await tx.select().from(orders).where(eq(orders.id, wanted.order_id)).for('update');
    if (!before) return answer('refused', SHIPPING_MSG.notFound);
    if (before.status === 'cancelled') return answer('refused', SHIPPING_MSG.cancelled);
    const [cancelling] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, before.id), eq(refunds.origin, 'cancel'), eq(refunds.state, 'pending')))
      .limit(1);
    if (cancelling) return answer('refused', SHIPPING_MSG.cancelling);
    if (before.paymentStatus !== 'paid' && before.paymentStatus !== 'partially_refunded') return answer('refused', SHIPPING_MSG.notPaid);
    if (!before.needsShipping) return answer('refused', SHIPPING_MSG.nothingToShip);
    if (before.status === 'delivered') return answer('refused', SHIPPING_MSG.alreadyDelivered);

    const trackNum = wanted.track_num;
    // `other` with no link typed clears an older one rather than keeping it.
    const carrier = carrierFields({ carrier: wanted.carrier, carrier_name: wanted.carrier_name, track_url: wanted.track_url ?? '' }, trackNum, before);
    if (before.status === 'shipped') {
      const same =
        before.trackNum === trackNum &&
        before.carrierCode === carrier.carrierCode &&
        before.carrierName === carrier.carrierName &&
        before.trackUrl === carrier.trackUrl;
      return same ? answer('unchanged', SHIPPING_MSG.alreadyShipped, before.trackUrl) : answer('refused', SHIPPING_MSG.shippedOtherwise, before.trackUrl);
    }
    const order = await applyOrderChange(tx, actor, before, { status: 'shipped', trackNum, ...carrier, estimateDate: before.estimateDate });
    return answer('shipped', SHIPPING_MSG.shipped, order.trackUrl);
  });
}
