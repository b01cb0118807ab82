import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { localPaymentSessions, orders, renewalCharges } from '../../db/schema';
import { lockLicenseIfAny } from '../license-changes/lock-license';
import { setLicenseGrace } from '../license-changes/renewal-grace';

/** Why an automatic renewal order was given up: stored as its cancel reason, shown in ORDERS. */
export type RenewalAbandonReason =
  | 'grace ended unpaid'
  | 'automatic renewal turned off'
  | 'licence revoked'
  | 'licence suspended'
  | 'licence extended by an admin'
  | 'licence refunded';

/**
 * Gives up the licence's open automatic renewal order, if it has one (decision 0021): the order
 * becomes cancelled (an end state, so a charge that still succeeds is refunded at once through
 * fulfilment's paid-after-cancel path, and the admins told), no retry is scheduled, its local pay
 * links stop working, and the licence leaves grace. In the caller's transaction; the licence is
 * locked here if the caller has not. Answers the order's id, or null when none was open.
 */
export async function abandonRenewalOrder(
  tx: Tx,
  abandon: { licenseId: string; reason: RenewalAbandonReason; now: Date },
): Promise<number | null> {
  const license = await lockLicenseIfAny(tx, abandon.licenseId);
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.renewalLicenseId, abandon.licenseId), isNull(orders.paidAt), isNull(orders.cancelledAt)))
    .for('update');
  if (license?.graceUntil) await setLicenseGrace(tx, license.id, null);
  if (!order) return null;
  await tx
    .update(orders)
    .set({
      status: 'cancelled',
      paymentStatus: 'cancelled',
      cancelledAt: abandon.now,
      cancelReason: abandon.reason,
      nextChargeAt: null,
      updatedAt: abandon.now,
    })
    .where(eq(orders.id, order.id));
  await tx
    .update(localPaymentSessions)
    .set({ status: 'cancelled', completedAt: abandon.now })
    .where(and(eq(localPaymentSessions.orderId, order.id), eq(localPaymentSessions.status, 'open')));
  // The holder's pay link is closed with its session. An off-session charge still in flight stays
  // open: its answer settles it (a success is then refunded as paid after the cancel).
  await tx
    .update(renewalCharges)
    .set({ status: 'cancelled', settledAt: abandon.now })
    .where(and(eq(renewalCharges.orderId, order.id), eq(renewalCharges.status, 'open'), eq(renewalCharges.onSession, true)));
  return order.id;
}
