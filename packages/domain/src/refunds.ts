/**
 * Money back (DESIGN §6.2, issue 23): the payment states an order moves through, the refund and
 * cancel requests the back office sends, and their answers. Written once, read by the server (its
 * routes validate with these schemas) and the back office's dialogs.
 *
 * Amounts in the API are dollars with at most 2 decimals, as every other price here; the server
 * keeps integer cents (money.ts toCents / fromCents).
 */
import { z } from 'zod';

/**
 * unpaid → paid → partially_refunded → refunded; failed and cancelled were never paid. The shipping
 * steps (statuses.ts) are separate and stay as they were when money goes back.
 */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded', 'failed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The states of an order that was paid (whatever was refunded since): it is an order the customer placed. */
export const PAID_PAYMENT_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];

/** Money is still held on it, so it can be refunded (up to what is left) and, when paid in full, shipped. */
export const REFUNDABLE_PAYMENT_STATUSES = ['paid', 'partially_refunded'] as const satisfies readonly PaymentStatus[];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Not paid',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The payment state a paid order has after `refundedCents` of its `totalCents` went back. */
export function paymentStatusAfterRefunds(totalCents: number, refundedCents: number): 'paid' | 'partially_refunded' | 'refunded' {
  if (refundedCents <= 0) return 'paid';
  return refundedCents >= totalCents ? 'refunded' : 'partially_refunded';
}

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_ORIGINS = ['admin', 'provider', 'cancel', 'late_payment'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

/** Credit notes are numbered CN-1, CN-2…: their own gapless series, apart from invoices. */
export const CREDIT_NOTE_PREFIX = 'CN-';
export const creditNoteLabel = (creditNoteNo: number) => `${CREDIT_NOTE_PREFIX}${creditNoteNo}`;

export const REFUND_REASON_MAX = 500;

/** What the refund and cancel dialogs and their API answer say (one place, verbatim in tests). */
export const REFUND_MSG = {
  reasonRequired: 'Give a reason for the refund.',
  cancelReasonRequired: 'Give a reason for cancelling.',
  reasonTooLong: `At most ${REFUND_REASON_MAX} characters.`,
  nothingChosen: 'Choose at least one item or an amount to refund.',
  amountPositive: 'Enter an amount greater than $0.00.',
  amountTooLarge: 'That is more than is left to refund on this order.',
  quantityTooLarge: 'That is more of this item than is left to refund.',
  unknownLine: 'That item is not on this order.',
  notPaid: 'Only a paid order can be refunded.',
  alreadyRefunded: 'This order has been refunded in full.',
  sameIdOtherRefund: 'This refund id was already used for a different refund.',
  orderNotFound: 'No such order.',
  cannotCancelShipped: 'This order has shipped: refund it instead of cancelling.',
  alreadyCancelled: 'This order is already cancelled.',
  providerFailed: 'The payment provider refused the refund; nothing was changed.',
} as const;

const ZReason = z
  .string({ error: REFUND_MSG.reasonRequired })
  .trim()
  .min(1, REFUND_MSG.reasonRequired)
  .max(REFUND_REASON_MAX, REFUND_MSG.reasonTooLong);

/**
 * POST /order/admin/{orderId}/refunds. `id` is made by the dialog when it opens (crypto.randomUUID):
 * it becomes the refund's id, so a double click or a retried request meets the same refund and money
 * goes back once. By lines (quantities of order lines; their licences are revoked, a renewal line
 * takes back the term it added) or by an amount (money only).
 */
export const ZRefundBody = z.discriminatedUnion('mode', [
  z.object({
    id: z.uuid(),
    mode: z.literal('lines'),
    lines: z
      .array(z.object({ order_line_id: z.number().int().positive(), quantity: z.number().int().positive().max(10_000) }))
      .min(1, REFUND_MSG.nothingChosen)
      .max(100),
    reason: ZReason,
  }),
  z.object({
    id: z.uuid(),
    mode: z.literal('amount'),
    amount: z.number({ error: REFUND_MSG.amountPositive }).positive(REFUND_MSG.amountPositive).max(1_000_000),
    reason: ZReason,
  }),
]);
export type TRefundBody = z.infer<typeof ZRefundBody>;

/**
 * POST /order/admin/{orderId}/cancel. Unpaid: its open checkout is expired and it becomes cancelled.
 * Paid and not shipped (licence-only orders count as not shipped): refunded in full, `id` being that
 * refund's id as above.
 */
export const ZCancelOrderBody = z.object({
  id: z.uuid(),
  reason: z
    .string({ error: REFUND_MSG.cancelReasonRequired })
    .trim()
    .min(1, REFUND_MSG.cancelReasonRequired)
    .max(REFUND_REASON_MAX, REFUND_MSG.reasonTooLong),
});
export type TCancelOrderBody = z.infer<typeof ZCancelOrderBody>;

export const ZRefundLineJson = z.object({
  order_line_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
});

/** A refund as the back office and the customer's order read it. */
export const ZRefundJson = z.object({
  id: z.string(),
  order_id: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  kind: z.enum(['lines', 'amount']),
  reason: z.string(),
  origin: z.enum(REFUND_ORIGINS),
  state: z.enum(REFUND_STATES),
  /** Why the provider refused it (state failed). */
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
  /** 'CN-12' once succeeded, else null. */
  credit_note: z.string().nullable(),
  lines: z.array(ZRefundLineJson),
});
export type TRefundJson = z.infer<typeof ZRefundJson>;

/**
 * One order line as allocateRefund sees it: its total at the order's prices and how much of it has
 * gone back already (units and cents).
 */
export interface RefundableLine {
  orderLineId: number;
  quantity: number;
  lineTotalCents: number;
  refundedQuantity: number;
  refundedCents: number;
}

export interface RefundableOrder {
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  /** What succeeded and pending refunds already take (pending ones count: they may still succeed). */
  refundedCents: number;
  lines: readonly RefundableLine[];
}

export interface RefundAllocation {
  amountCents: number;
  lines: Array<{ orderLineId: number; quantity: number; amountCents: number }>;
}

export type RefundRequest = { lines: ReadonlyArray<{ orderLineId: number; quantity: number }> } | { amountCents: number };

/** Why allocateRefund refused a request: one of REFUND_MSG's texts, verbatim for the dialog and the API. */
export class RefundAllocationError extends Error {
  constructor(readonly detail: (typeof REFUND_MSG)[keyof typeof REFUND_MSG]) {
    super(detail);
    this.name = 'RefundAllocationError';
  }
}

/**
 * Splits `amount` over `weights` in proportion, by largest remainder: every share is an integer,
 * they add up to `amount` exactly, and a zero weight takes nothing. All weights zero: equal weights.
 */
export function splitInProportion(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const positive = weights.some((w) => w > 0);
  const w = weights.map((x) => (positive ? Math.max(0, x) : 1));
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (amount * x) / sum);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((a, b) => a + b, 0);
  // Ties go to the earlier line, so the split is the same on every run and in every client.
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * Each line's share of what the customer paid: the order's total (discount and shipping included)
 * split over the lines in proportion to their line totals. The shares add up to the total.
 */
export function lineNetShares(order: Pick<RefundableOrder, 'totalCents' | 'lines'>): number[] {
  return splitInProportion(
    order.totalCents,
    order.lines.map((l) => l.lineTotalCents),
  );
}

/**
 * What a refund gives back and how it is spread over the order's lines (the one rule: the server
 * checks and records with it, the refund dialog previews with it).
 *
 * By lines: the units still to refund of a line share what is left of the line's net share equally,
 * the last of them taking the remainder; so refunding every remaining unit of every line gives back
 * exactly total − already refunded. By amount: spread over the lines in proportion to what is left
 * on each (those rows carry quantity 0). Never more than is left, on a line or on the order.
 * Throws RefundAllocationError with the REFUND_MSG text for the dialog.
 */
export function allocateRefund(order: RefundableOrder, request: RefundRequest): RefundAllocation {
  const shares = lineNetShares(order);
  const orderLeft = Math.max(0, order.totalCents - order.refundedCents);
  const leftOn = order.lines.map((l, i) => Math.max(0, shares[i]! - l.refundedCents));

  if ('amountCents' in request) {
    const amount = request.amountCents;
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RefundAllocationError(REFUND_MSG.amountPositive);
    if (amount > orderLeft) throw new RefundAllocationError(REFUND_MSG.amountTooLarge);
    // What is left on the lines can differ from the order's (older refunds without lines): the
    // amount is spread over the lines' own, capped by it.
    const spread = splitInProportion(Math.min(amount, leftOn.reduce((a, b) => a + b, 0)), leftOn);
    return {
      amountCents: amount,
      lines: order.lines
        .map((l, i) => ({ orderLineId: l.orderLineId, quantity: 0, amountCents: spread[i]! }))
        .filter((l) => l.amountCents > 0),
    };
  }

  const wanted = new Map<number, number>();
  for (const r of request.lines) {
    if (!Number.isSafeInteger(r.quantity) || r.quantity < 0) throw new RefundAllocationError(REFUND_MSG.quantityTooLarge);
    if (r.quantity === 0) continue;
    wanted.set(r.orderLineId, (wanted.get(r.orderLineId) ?? 0) + r.quantity);
  }
  if (wanted.size === 0) throw new RefundAllocationError(REFUND_MSG.nothingChosen);
  const byId = new Map(order.lines.map((l, i) => [l.orderLineId, i] as const));
  const lines: RefundAllocation['lines'] = [];
  for (const [orderLineId, quantity] of wanted) {
    const i = byId.get(orderLineId);
    if (i === undefined) throw new RefundAllocationError(REFUND_MSG.unknownLine);
    const line = order.lines[i]!;
    const unitsLeft = line.quantity - line.refundedQuantity;
    if (quantity > unitsLeft) throw new RefundAllocationError(REFUND_MSG.quantityTooLarge);
    const amountCents = quantity === unitsLeft ? leftOn[i]! : Math.floor((leftOn[i]! * quantity) / unitsLeft);
    lines.push({ orderLineId, quantity, amountCents });
  }
  lines.sort((a, b) => byId.get(a.orderLineId)! - byId.get(b.orderLineId)!);
  let amountCents = lines.reduce((a, l) => a + l.amountCents, 0);
  if (amountCents > orderLeft) {
    // Only when older refunds were recorded without lines: take the excess back from the last lines.
    let excess = amountCents - orderLeft;
    for (let k = lines.length - 1; k >= 0 && excess > 0; k--) {
      const cut = Math.min(excess, lines[k]!.amountCents);
      lines[k]!.amountCents -= cut;
      excess -= cut;
    }
    amountCents = orderLeft;
  }
  if (amountCents <= 0) throw new RefundAllocationError(orderLeft <= 0 ? REFUND_MSG.alreadyRefunded : REFUND_MSG.nothingChosen);
  return { amountCents, lines };
}

/** The request that refunds everything still refundable: every remaining unit of every line. */
export function remainingLines(order: RefundableOrder): Array<{ orderLineId: number; quantity: number }> {
  return order.lines.filter((l) => l.quantity > l.refundedQuantity).map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity - l.refundedQuantity }));
}

/**
 * A credit note as the customer's invoices and the back office list it
 * (GET /invoice/credit-notes, the customer's own; GET /invoice/admin/credit-notes, everyone's).
 * Its PDF: GET /invoice/credit-notes/{credit_note_no}/pdf (its customer, or an admin).
 */
export const ZCreditNoteJson = z.object({
  credit_note: z.string(),
  credit_note_no: z.number().int(),
  order_id: z.number().int(),
  /** The invoice it corrects (its number), null if the order had none. */
  invoice_no: z.number().int().nullable(),
  email: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  issued_at: z.string(),
  pdf_url: z.string(),
});
export type TCreditNoteJson = z.infer<typeof ZCreditNoteJson>;

/**
 * The routes (contract for the server, the back office and the tests):
 * - POST /order/admin/{orderId}/refunds   ZRefundBody → 200 ZRefundJson (state succeeded, pending at
 *   a provider that settles later, or failed with failure_reason: nothing else changed). The same
 *   id again answers the same refund; the same id with another body is 409 sameIdOtherRefund.
 * - GET  /order/admin/{orderId}/refunds   → 200 { items: ZRefundJson[] } newest first.
 * - POST /order/admin/{orderId}/cancel    ZCancelOrderBody → 200 { order, refund: ZRefundJson | null }.
 * - GET  /invoice/credit-notes ?page&page_size → the customer's own, paged (ZCreditNoteJson).
 * - GET  /invoice/admin/credit-notes ?page&page_size&q → every customer's, paged.
 * - GET  /invoice/credit-notes/{creditNoteNo}/pdf → application/pdf.
 * - GET  /export/{orders|invoices|credit-notes}.csv ?from=YYYY-MM-DD&to=YYYY-MM-DD (business days,
 *   BUSINESS_TIME_ZONE) → text/csv streamed, UTF-8 with BOM (admin).
 */
