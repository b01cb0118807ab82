import { and, eq } from 'drizzle-orm';
import { REFUND_MSG, remainingLines, type TCancelOrderBody, type TRefundJson } from '@lbs/domain/refunds';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { localPaymentSessions, orders } from '../../db/schema';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { conflict, notFound } from '../../lib/app-error';
import { orderLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { loadOrderJson } from '../orders/load-order-json';
import { loadRefunds } from '../orders/load-refunds';
import { releasePromotionUse } from '../vouchers/promotion-uses';
import { runAndAnswer, type RefundDeps } from './create-refund';
import { recordRefund } from './record-refund';
import { allocateOrRefuse, refundableOrder } from './refundable-order';

type OrderRow = typeof orders.$inferSelect;

type Cancelling = { kind: 'unpaid'; order: OrderRow } | { kind: 'refund'; order: OrderRow } | { kind: 'answer'; order: OrderRow };

/**
 * Cancels an order (POST /order/admin/{orderId}/cancel). Not paid: it becomes cancelled at once, its
 * promotion use given back and its checkout ended (the local session cancelled; Stripe's expired
 * after commit, and a payment that completes anyway is refunded on arrival, fulfil-order.ts). Paid
 * and not shipped (licence-only orders count as not shipped): refunded in full by its lines under
 * the request's id; it reads cancelling while that refund is pending, and becomes cancelled (status
 * and cancelled_at) when it succeeds, unchanged if it fails (decision 0020). Shipped: refund it instead.
 */
export async function cancelOrder(
  ctx: AppContext,
  actor: AuditActor,
  orderId: number,
  body: TCancelOrderBody,
  deps: RefundDeps = {},
): Promise<{ order: Awaited<ReturnType<typeof loadOrderJson>>; refund: TRefundJson | null }> {
  const now = new Date();
  const step = await ctx.db.transaction((tx) => startCancel(tx, actor, orderId, body, now));
  let refund: TRefundJson | null = null;
  if (step.kind === 'unpaid') await expireStripeSession(ctx, step.order, deps.log);
  if (step.kind === 'refund' || step.kind === 'answer') refund = await runAndAnswer(ctx, body.id, deps);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(REFUND_MSG.orderNotFound);
  return { order: await loadOrderJson(ctx.db, order), refund };
}

async function startCancel(tx: Tx, actor: AuditActor, orderId: number, body: TCancelOrderBody, now: Date): Promise<Cancelling> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound(REFUND_MSG.orderNotFound);
  const loaded = await loadRefunds(tx, [order.id]);
  const mine = loaded.get(order.id)?.find((r) => r.id === body.id);
  // The same cancel again (a doubled click, a retry): its refund as it stands.
  if (mine && mine.origin === 'cancel') return { kind: 'answer', order };
  if (mine) throw conflict(REFUND_MSG.sameIdOtherRefund);
  if (order.cancelledAt || order.paymentStatus === 'cancelled') throw conflict(REFUND_MSG.alreadyCancelled);
  if (loaded.get(order.id)?.some((r) => r.origin === 'cancel' && r.state === 'pending')) throw conflict(REFUND_MSG.alreadyCancelled);
  if (!order.paidAt) return cancelUnpaid(tx, actor, order, body.reason, now);
  if (order.needsShipping && (order.status === 'shipped' || order.status === 'delivered')) throw conflict(REFUND_MSG.cannotCancelShipped);
  if (order.paymentStatus === 'refunded') throw conflict(REFUND_MSG.alreadyRefunded);
  const refundable = await refundableOrder(tx, order);
  const lines = remainingLines(refundable);
  const left = refundable.totalCents - refundable.refundedCents;
  // Every unit still to refund; an order whose units all went back with cents left (older refunds by amount) by amount.
  const allocation = allocateOrRefuse(refundable, lines.length ? { lines } : { amountCents: left });
  await recordRefund(tx, order, { id: body.id, kind: lines.length ? 'lines' : 'amount', reason: body.reason, origin: 'cancel', allocation, actor });
  return { kind: 'refund', order };
}

/** An unpaid (or failed) order: cancelled now, its promotion use given back, its local checkout closed; audited. */
async function cancelUnpaid(tx: Tx, actor: AuditActor, order: OrderRow, reason: string, now: Date): Promise<Cancelling> {
  const [after] = await tx
    .update(orders)
    .set({ status: 'cancelled', paymentStatus: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  // A failed order gave its promotion use back when it failed (fail-payment.ts).
  if (order.promotionId && order.paymentStatus === 'unpaid') await releasePromotionUse(tx, order.promotionId);
  if (order.paymentProvider === 'local' && order.paymentSessionId) {
    await tx
      .update(localPaymentSessions)
      .set({ status: 'cancelled', completedAt: now })
      .where(and(eq(localPaymentSessions.id, order.paymentSessionId), eq(localPaymentSessions.status, 'open')));
  }
  await recordAdminAction(tx, {
    actor,
    action: 'order.cancelled',
    target: { type: 'order', id: order.id },
    label: orderLabel(order),
    subjectUserId: order.userId,
    before: { status: order.status, payment_status: order.paymentStatus },
    after: { status: after!.status, payment_status: after!.paymentStatus, reason },
  });
  return { kind: 'unpaid', order };
}

/**
 * The cancelled order's open Stripe Checkout session is expired, so it can no longer be paid. If
 * Stripe says it is complete already, its payment arrives by webhook and is refunded then.
 */
async function expireStripeSession(ctx: AppContext, order: OrderRow, log?: RefundDeps['log']): Promise<void> {
  if (order.paymentProvider !== 'stripe' || !order.paymentSessionId) return;
  const stripe = stripeClient(ctx.config);
  try {
    await stripe?.checkout.sessions.expire(order.paymentSessionId);
  } catch (err) {
    // Complete already (its payment is refunded on arrival) or expired: nothing more to do here.
    // Anything else (Stripe unreachable) leaves a session that expires on its own within the hour,
    // and a payment on it is refunded on arrival all the same; said in the log for the owner.
    const status = (err as { statusCode?: number }).statusCode;
    if (status !== 400) log?.warn({ orderId: order.id, err: (err as Error).message }, 'could not expire the cancelled order’s Stripe session');
  }
}
