import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { toCents } from '@lbs/domain/money';
import { REFUND_MSG, REFUNDABLE_PAYMENT_STATUSES, type RefundRequest, type TRefundBody, type TRefundJson } from '@lbs/domain/refunds';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { orders, refundLines, refunds } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import type { AuditActor } from '../audit/record-admin-action';
import { loadRefund, toRefundJson } from '../orders/load-refunds';
import { recordRefund } from './record-refund';
import { allocateOrRefuse, refundableOrder } from './refundable-order';
import type { RefundProvider } from './refund-provider';
import { runRefund } from './run-refund';

type OrderRow = typeof orders.$inferSelect;

/** What a refund asks for, in cents: the lines' units, or an amount. */
export function refundRequestOf(body: TRefundBody): RefundRequest {
  return body.mode === 'lines'
    ? { lines: body.lines.map((l) => ({ orderLineId: l.order_line_id, quantity: l.quantity })) }
    : { amountCents: toCents(body.amount) };
}

/**
 * The back office's refund (POST /order/admin/{orderId}/refunds). In one transaction, the order row
 * locked: checked (paid, not refunded in full), the request allocated against what succeeded and
 * pending refunds have left, and the refund written as pending under the dialog's id. Then, outside
 * it, the provider is asked and the answer settled (settle-refund.ts). The same id again answers
 * that refund (a doubled click, a retry); the same id with another request is a conflict.
 */
export async function createRefund(
  ctx: AppContext,
  actor: AuditActor,
  orderId: number,
  body: TRefundBody,
  deps: RefundDeps = {},
): Promise<TRefundJson> {
  const request = refundRequestOf(body);
  await ctx.db.transaction(async (tx) => {
    const order = await lockRefundableOrder(tx, orderId, body.id, { kind: body.mode, reason: body.reason, request });
    if (!order) return;
    const allocation = allocateOrRefuse(await refundableOrder(tx, order), request);
    const written = await recordRefund(tx, order, { id: body.id, kind: body.mode, reason: body.reason, origin: 'admin', allocation, actor });
    // Written meanwhile for another order (the id is global): the same checks say which answer.
    if (!written) await sameRefundOrConflict(tx, body.id, orderId, { kind: body.mode, reason: body.reason, request });
  });
  return runAndAnswer(ctx, body.id, deps);
}

/**
 * Locks the order and checks it may be refunded; answers undefined when this refund id exists
 * already with the same request (nothing to write), throws on anything else.
 */
export async function lockRefundableOrder(
  tx: Tx,
  orderId: number,
  refundId: string,
  wanted: { kind: 'lines' | 'amount'; reason: string; request: RefundRequest } | null,
): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound(REFUND_MSG.orderNotFound);
  if (await sameRefundOrConflict(tx, refundId, orderId, wanted)) return undefined;
  if (!order.paidAt || !(REFUNDABLE_PAYMENT_STATUSES as readonly string[]).includes(order.paymentStatus)) {
    throw conflict(order.paymentStatus === 'refunded' ? REFUND_MSG.alreadyRefunded : REFUND_MSG.notPaid);
  }
  return order;
}

/**
 * True when a refund with this id exists and asks the same (same order, kind, reason and lines or
 * amount); 409 sameIdOtherRefund when it asks something else; false when there is none. `wanted`
 * null: any refund of this order with the id is the same (a cancel's).
 */
async function sameRefundOrConflict(
  tx: Tx,
  refundId: string,
  orderId: number,
  wanted: { kind: 'lines' | 'amount'; reason: string; request: RefundRequest } | null,
): Promise<boolean> {
  const [existing] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
  if (!existing) return false;
  if (existing.orderId !== orderId) throw conflict(REFUND_MSG.sameIdOtherRefund);
  if (!wanted) return true;
  const same = existing.kind === wanted.kind && existing.reason === wanted.reason && (await sameRequest(tx, existing, wanted.request));
  if (!same) throw conflict(REFUND_MSG.sameIdOtherRefund);
  return true;
}

async function sameRequest(tx: Tx, existing: typeof refunds.$inferSelect, request: RefundRequest): Promise<boolean> {
  if ('amountCents' in request) return existing.amountCents === request.amountCents;
  const asked = new Map<number, number>();
  for (const l of request.lines) asked.set(l.orderLineId, (asked.get(l.orderLineId) ?? 0) + l.quantity);
  const had = (await tx.select().from(refundLines).where(eq(refundLines.refundId, existing.id))).filter((l) => l.quantity > 0);
  return had.length === asked.size && had.every((l) => asked.get(l.orderLineId) === l.quantity);
}

/** What a refund route passes on: the provider (tests inject one) and the request's log. */
export interface RefundDeps {
  provider?: RefundProvider;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** Runs the refund at its provider (unless it is settled already) and answers it as it stands. */
export async function runAndAnswer(ctx: AppContext, refundId: string, deps: RefundDeps = {}): Promise<TRefundJson> {
  try {
    await runRefund(ctx, refundId, deps.provider);
  } catch (err) {
    // The provider could not be reached: the refund stays pending and reconciliation asks again
    // (same idempotency key); the dialog shows it pending.
    deps.log?.warn({ refundId, err: (err as Error).message }, 'refund provider unreachable; the refund stays pending for reconciliation');
  }
  const refund = await loadRefund(ctx.db, refundId);
  if (!refund) throw notFound(REFUND_MSG.orderNotFound);
  return toRefundJson(refund);
}
