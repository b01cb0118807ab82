import type { RefundAllocation, RefundOrigin } from '@lbs/domain/refunds';
import type { Tx } from '../../db/client';
import { orders, refundLines, refunds } from '../../db/schema';
import type { AuditActor } from '../audit/record-admin-action';

type OrderRow = typeof orders.$inferSelect;

/**
 * Writes a refund as pending with its lines, in the caller's transaction (the order row locked):
 * the row exists before the provider is asked, its id being the provider's idempotency key.
 * Answers false when a refund with this id exists already (a doubled click, a retry).
 */
export async function recordRefund(
  tx: Tx,
  order: OrderRow,
  r: {
    id: string;
    kind: 'lines' | 'amount';
    reason: string;
    origin: RefundOrigin;
    allocation: RefundAllocation;
    actor: AuditActor | null;
    providerRefundId?: string | null;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(refunds)
    .values({
      id: r.id,
      orderId: order.id,
      userId: order.userId,
      amountCents: r.allocation.amountCents,
      currency: order.currency,
      kind: r.kind,
      reason: r.reason,
      origin: r.origin,
      state: 'pending',
      provider: order.paymentProvider,
      providerRefundId: r.providerRefundId ?? null,
      actorId: r.actor?.id ?? null,
      actorEmail: r.actor?.email ?? null,
      actorIp: r.actor?.ip ?? null,
    })
    .onConflictDoNothing({ target: refunds.id })
    .returning({ id: refunds.id });
  if (inserted.length === 0) return false;
  if (r.allocation.lines.length) {
    await tx.insert(refundLines).values(
      r.allocation.lines.map((l) => ({ refundId: r.id, orderLineId: l.orderLineId, quantity: l.quantity, amountCents: l.amountCents })),
    );
  }
  return true;
}
