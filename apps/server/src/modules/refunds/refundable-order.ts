import { and, eq, inArray, sql } from 'drizzle-orm';
import { allocateRefund, RefundAllocationError, REFUND_MSG, type RefundableOrder, type RefundAllocation, type RefundRequest } from '@lbs/domain/refunds';
import type { Tx } from '../../db/client';
import { orderLines, orders, refundLines, refunds } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';

type OrderRow = typeof orders.$inferSelect;

/** Refunds that take money from what is left: succeeded ones, and pending ones that may still succeed. */
const TAKING = ['pending', 'succeeded'] as const;

/**
 * The order as allocateRefund sees it: its lines with what succeeded and pending refunds already
 * take from each. Read under the order's row lock, so two refunds cannot both take the same cents.
 */
export async function refundableOrder(tx: Tx, order: OrderRow): Promise<RefundableOrder> {
  const lines = await tx
    .select({
      orderLineId: orderLines.id,
      quantity: orderLines.quantity,
      lineTotalCents: orderLines.lineTotalCents,
      refundedQuantity: sql<number>`coalesce(sum(${refundLines.quantity}) filter (where ${refunds.id} is not null), 0)`.mapWith(Number),
      refundedCents: sql<number>`coalesce(sum(${refundLines.amountCents}) filter (where ${refunds.id} is not null), 0)`.mapWith(Number),
    })
    .from(orderLines)
    .leftJoin(refundLines, eq(refundLines.orderLineId, orderLines.id))
    .leftJoin(refunds, and(eq(refunds.id, refundLines.refundId), inArray(refunds.state, [...TAKING])))
    .where(eq(orderLines.orderId, order.id))
    .groupBy(orderLines.id)
    .orderBy(orderLines.id);
  const [taken] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), inArray(refunds.state, [...TAKING])));
  return {
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    refundedCents: taken?.cents ?? 0,
    lines,
  };
}

/** allocateRefund with its refusals as API errors: an order refunded in full is a conflict, the rest bad input. */
export function allocateOrRefuse(order: RefundableOrder, request: RefundRequest): RefundAllocation {
  try {
    return allocateRefund(order, request);
  } catch (err) {
    if (!(err instanceof RefundAllocationError)) throw err;
    throw err.detail === REFUND_MSG.alreadyRefunded ? conflict(err.detail) : badRequest(err.detail);
  }
}
