import type { ReactNode } from 'react';
import { formatUsd, roundMoney } from '@lbs/domain/money';
import { PAYMENT_STATUS_LABELS, type PaymentStatus, type RefundState } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { formatDateTime } from '../../lib/format-date';

const PAYMENT_TONE: Record<PaymentStatus, string> = {
  unpaid: 'bg-slate-100 text-slate-700',
  paid: 'bg-emerald-50 text-emerald-800',
  partially_refunded: 'bg-amber-50 text-amber-800',
  refunded: 'bg-violet-50 text-violet-800',
  failed: 'bg-red-50 text-red-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** An order's payment state as a pill beside its shipping status (the word carries the meaning). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${PAYMENT_TONE[status]}`}>
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}

/** What is left to refund on an order: its total less what succeeded refunds gave back. */
export const leftToRefund = (order: Pick<TOrder, 'total' | 'refunded'>): number => Math.max(0, roundMoney(order.total - order.refunded));

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: 'Waiting for the payment provider',
  succeeded: 'Refunded',
  failed: 'Failed',
};

const REFUND_STATE_TONE: Record<RefundState, string> = {
  pending: 'text-amber-800',
  succeeded: 'text-emerald-800',
  failed: 'text-red-700',
};

export interface RefundRow {
  id: string;
  amount: number;
  state: RefundState;
  created_at: string;
  credit_note: string | null;
  /** The back office's list has it; the customer's order does not. */
  reason?: string;
  failure_reason?: string | null;
}

/**
 * An order's refunds, newest first: when, how much, how it went, its credit note (and, in the back
 * office, why). A list of small blocks rather than a table: it sits in a dialog as narrow as 343 px.
 */
export function RefundList({ refunds, headingId }: { refunds: readonly RefundRow[]; headingId: string }) {
  return (
    <ul aria-labelledby={headingId} className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
      {refunds.map((r) => (
        <li key={r.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-3 py-2">
          <span className="text-slate-700">{formatDateTime(r.created_at)}</span>
          <span className="text-right font-semibold tabular-nums text-ink">{formatUsd(r.amount)}</span>
          <span className={`font-medium ${REFUND_STATE_TONE[r.state]}`}>{REFUND_STATE_LABELS[r.state]}</span>
          <span className="text-right text-slate-700">{r.credit_note ? <>Credit note {r.credit_note}</> : '--'}</span>
          {r.reason ? <span className="col-span-2 text-slate-600 [overflow-wrap:anywhere]">Reason: {r.reason}</span> : null}
          {r.state === 'failed' && r.failure_reason ? (
            <span className="col-span-2 text-red-700 [overflow-wrap:anywhere]">{r.failure_reason}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The money facts under an order (its state is a badge among the order's facts, beside its status):
 * what went back and what is left, and its refunds.
 * `refunds` defaults to the order's own (the customer's view); the back office passes its fuller list.
 */
export function OrderPaymentSection({
  order,
  refunds = order.refunds,
  actions,
  headingId,
  showLeft = false,
}: {
  order: TOrder;
  refunds?: readonly RefundRow[];
  actions?: ReactNode;
  headingId: string;
  /** The back office: what is left to refund. */
  showLeft?: boolean;
}) {
  const refundsHeadingId = `${headingId}-refunds`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-ink">
        Payment
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-3">
        <div className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">Refunded</dt>
          <dd className="font-medium tabular-nums text-ink">{formatUsd(order.refunded)}</dd>
        </div>
        {showLeft ? (
          <div className="flex justify-between gap-3 sm:block">
            <dt className="text-slate-500">Left to refund</dt>
            <dd className="font-medium tabular-nums text-ink">
              {order.payment_status === 'paid' || order.payment_status === 'partially_refunded' ? formatUsd(leftToRefund(order)) : '--'}
            </dd>
          </div>
        ) : null}
      </dl>
      {order.cancelled_at ? <p className="mt-2 text-slate-700">Cancelled {formatDateTime(order.cancelled_at)}</p> : null}
      {actions ? <div className="mt-3 flex flex-wrap items-start gap-2">{actions}</div> : null}
      {refunds.length ? (
        <>
          <h4 id={refundsHeadingId} className="mt-4 font-medium text-ink">
            Refunds
          </h4>
          <RefundList refunds={refunds} headingId={refundsHeadingId} />
        </>
      ) : null}
    </section>
  );
}
