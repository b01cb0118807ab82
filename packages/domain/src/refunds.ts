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
