import { desc, eq, inArray, sql } from 'drizzle-orm';
import { creditNoteLabel, type TRefundJson } from '@lbs/domain/refunds';
import type { DbOrTx } from '../../db/client';
import { creditNotes, refunds } from '../../db/schema';
import type { OrderRefundRow } from './order-json';

/** A refund with its lines (their names and shares) and its credit note's number. */
export interface RefundView extends OrderRefundRow {
  orderId: number;
  currency: string;
  kind: 'lines' | 'amount';
  reason: string;
  origin: TRefundJson['origin'];
  failureReason: string | null;
  lines: Array<{ orderLineId: number; name: string; quantity: number; amountCents: number }>;
}

/**
 * The refunds of these orders, newest first, in ONE query whatever their number (a page of orders
 * reads them with its lines): each with its lines as a JSON array and its credit note's number.
 */
export async function loadRefunds(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, RefundView[]>> {
  const byOrder = new Map<number, RefundView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await refundsQuery(db).where(inArray(refunds.orderId, [...orderIds]));
  for (const row of rows) {
    const view = toView(row);
    const list = byOrder.get(view.orderId);
    if (list) list.push(view);
    else byOrder.set(view.orderId, [view]);
  }
  return byOrder;
}

/** One refund by its id, as loadRefunds reads it. */
export async function loadRefund(db: DbOrTx, refundId: string): Promise<RefundView | undefined> {
  const [row] = await refundsQuery(db).where(eq(refunds.id, refundId));
  return row ? toView(row) : undefined;
}

const refundsQuery = (db: DbOrTx) =>
  db
    .select({
      refund: refunds,
      creditNoteNo: creditNotes.creditNoteNo,
      lines: sql<Array<{ order_line_id: number; name: string; quantity: number; amount_cents: number }>>`coalesce((
        select json_agg(json_build_object('order_line_id', rl.order_line_id, 'name', ol.name, 'quantity', rl.quantity, 'amount_cents', rl.amount_cents) order by rl.order_line_id)
        from refund_lines rl join order_lines ol on ol.id = rl.order_line_id
        where rl.refund_id = ${refunds.id}), '[]'::json)`,
    })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .$dynamic();

function toView(row: { refund: typeof refunds.$inferSelect; creditNoteNo: number | null; lines: unknown }): RefundView {
  const r = row.refund;
  const lines = (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as Array<{ order_line_id: number; name: string; quantity: number; amount_cents: number }>;
  return {
    id: r.id,
    orderId: r.orderId,
    amountCents: r.amountCents,
    currency: r.currency,
    kind: r.kind,
    reason: r.reason,
    origin: r.origin,
    state: r.state,
    failureReason: r.failureReason,
    createdAt: r.createdAt,
    succeededAt: r.succeededAt,
    creditNoteNo: row.creditNoteNo,
    lines: lines.map((l) => ({ orderLineId: l.order_line_id, name: l.name, quantity: l.quantity, amountCents: l.amount_cents })),
  };
}

/** A refund as the back office and the API answer it (ZRefundJson). */
export function toRefundJson(r: RefundView): TRefundJson {
  return {
    id: r.id,
    order_id: r.orderId,
    amount: r.amountCents / 100,
    currency: r.currency,
    kind: r.kind,
    reason: r.reason,
    origin: r.origin,
    state: r.state,
    failure_reason: r.failureReason,
    created_at: r.createdAt.toISOString(),
    succeeded_at: r.succeededAt?.toISOString() ?? null,
    credit_note: r.creditNoteNo === null ? null : creditNoteLabel(r.creditNoteNo),
    lines: r.lines.map((l) => ({ order_line_id: l.orderLineId, name: l.name, quantity: l.quantity, amount: l.amountCents / 100 })),
  };
}
