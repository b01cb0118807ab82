import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatUsd, roundMoney } from '@lbs/domain/money';
import { REFUND_MSG, ZRefundBody, type TRefundBody, type TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { toApiError } from '../../../lib/api-error';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { QuantityInput } from '../../../components/ui/quantity-input';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { leftToRefund } from '../../../components/orders/payment-status';
import { previewLinesRefund, toRefundableOrder, unitsLeftByLine } from './refund-preview';

export type RefundMode = TRefundBody['mode'];
type RefundRequest = { mode: 'lines'; lines: Array<{ order_line_id: number; quantity: number }> } | { mode: 'amount'; amount: number };

/** What the dialog says once the provider answered (REFUND_MSG holds the refusals). */
export const REFUND_DIALOG_TEXT = {
  pending: 'Waiting for the payment provider. The refund shows here once it settles.',
  succeeded: (amount: number, creditNote: string | null) =>
    `Refunded ${formatUsd(amount)}.${creditNote ? ` Credit note ${creditNote} was issued.` : ''}`,
} as const;

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** '12.34' (a '$' and thousands commas allowed) → 12.34; anything else → null. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return AMOUNT.test(t) ? roundMoney(Number(t)) : null;
}

interface Errors {
  lines?: string;
  amount?: string;
  reason?: string;
}

/**
 * Money back on one paid order (DESIGN §6.2): by items (units of each line, up to what is left of
 * it; the amount previewed as the server allocates it) or by an amount (up to what is left), with a
 * reason. The refund's id is made when the dialog opens and sent with every try, so a double click
 * or a retry after a lost answer meets the same refund and money goes back once; a refund the
 * provider refused gets a new id, so trying again is a new refund.
 */
export function RefundDialog({
  order,
  refunds,
  onClose,
  onRefund,
}: {
  order: TOrder | null;
  /** The order's refunds with their lines (back office), for an exact preview; optional. */
  refunds?: readonly TRefundJson[];
  onClose: () => void;
  onRefund: (orderId: number, body: TRefundBody) => Promise<TRefundJson>;
}) {
  const formId = useId();
  const [openFor, setOpenFor] = useState<number | null>(null);
  const [refundId, setRefundId] = useState('');
  const [mode, setMode] = useState<RefundMode>('lines');
  const [quantities, setQuantities] = useState<ReadonlyMap<number, number>>(new Map());
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TRefundJson | null>(null);
  const sending = useRef(false);

  // Each opening starts afresh, with a new refund id (state adjusted while rendering, React's way).
  const current = order?.order_id ?? null;
  if (current !== openFor) {
    setOpenFor(current);
    if (order) {
      setRefundId(crypto.randomUUID());
      setMode(order.products.some((l) => l.quantity > l.refunded_quantity) ? 'lines' : 'amount');
      setQuantities(new Map());
      setAmountText('');
      setReason('');
      setErrors({});
      setFailure(null);
      setBusy(false);
      setAnswer(null);
    }
  }

  const refundable = order ? toRefundableOrder(order, refunds) : null;
  const unitsLeft = refundable ? unitsLeftByLine(refundable) : new Map<number, number>();
  const left = order ? leftToRefund(order) : 0;
  const typedAmount = parseAmount(amountText);
  const amount = !refundable ? 0 : mode === 'lines' ? previewLinesRefund(refundable, quantities) : (typedAmount ?? 0);

  const validate = (): RefundRequest | null => {
    if (!order) return null;
    const next: Errors = {};
    let request: RefundRequest;
    if (mode === 'lines') {
      const lines = order.products
        .map((l) => ({ order_line_id: l.order_line_id, quantity: quantities.get(l.order_line_id) ?? 0, left: unitsLeft.get(l.order_line_id) ?? 0 }))
        .filter((l) => l.quantity > 0);
      if (!lines.length) next.lines = REFUND_MSG.nothingChosen;
      else if (lines.some((l) => l.quantity > l.left)) next.lines = REFUND_MSG.quantityTooLarge;
      request = { mode: 'lines', lines: lines.map(({ order_line_id, quantity }) => ({ order_line_id, quantity })) };
    } else {
      if (typedAmount === null || typedAmount <= 0) next.amount = REFUND_MSG.amountPositive;
      else if (typedAmount > left) next.amount = REFUND_MSG.amountTooLarge;
      request = { mode: 'amount', amount: typedAmount ?? 0 };
    }
    // The reason by the schema the server applies (required, trimmed, at most 500 characters).
    const parsed = ZRefundBody.safeParse({ ...request, id: refundId, reason });
    if (!parsed.success) {
      const reasonIssue = parsed.error.issues.find((i) => i.path[0] === 'reason');
      if (reasonIssue) next.reason = reasonIssue.message;
    }
    setErrors(next);
    return next.lines || next.amount || next.reason ? null : request;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!order || sending.current || answer) return;
    const request = validate();
    if (!request) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const refund = await onRefund(order.order_id, { ...request, id: refundId, reason: reason.trim() });
      if (refund.state === 'failed') {
        setFailure(refund.failure_reason ? `${REFUND_MSG.providerFailed} ${refund.failure_reason}` : REFUND_MSG.providerFailed);
        // That refund is over (nothing changed); trying again is another one.
        setRefundId(crypto.randomUUID());
      } else {
        setAnswer(refund);
        if (refund.state === 'succeeded') toast.success(REFUND_DIALOG_TEXT.succeeded(refund.amount, refund.credit_note));
      }
    } catch (err) {
      // The answer may have been lost after the refund was made: the same id again is safe.
      setFailure(toApiError(err).message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Refund order #${order.order_id}` : 'Refund'}
      wide
      footer={
        answer ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="danger" disabled={busy}>
              {busy ? 'Refunding…' : amount > 0 && amount <= left ? `Refund ${formatUsd(amount)}` : 'Refund'}
            </Button>
          </>
        )
      }
    >
      {order && answer ? (
        answer.state === 'succeeded' ? (
          <FormAlert tone="success">{REFUND_DIALOG_TEXT.succeeded(answer.amount, answer.credit_note)}</FormAlert>
        ) : (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {REFUND_DIALOG_TEXT.pending}
          </p>
        )
      ) : order ? (
        <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4 text-sm text-slate-700">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <p>
            Paid {formatUsd(order.total)}, refunded {formatUsd(order.refunded)}: <strong className="text-ink">{formatUsd(left)} left to refund</strong>.
          </p>
          <fieldset>
            <legend className="mb-1.5 font-medium text-slate-700">Refund</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(
                [
                  ['lines', 'By items'],
                  ['amount', 'By amount'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="inline-flex min-h-9 items-center gap-2">
                  <input
                    type="radio"
                    name={`${formId}-mode`}
                    value={value}
                    className="h-4 w-4 accent-brand-600"
                    checked={mode === value}
                    onChange={() => {
                      setMode(value);
                      setErrors({});
                    }}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          {mode === 'lines' ? (
            <fieldset aria-describedby={errors.lines ? `${formId}-lines-error` : undefined}>
              <legend className="sr-only">Items to refund</legend>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {order.products.map((l) => {
                  const max = unitsLeft.get(l.order_line_id) ?? 0;
                  return (
                    <li key={l.order_line_id} className="flex flex-wrap items-end justify-between gap-3 px-3 py-2.5">
                      <span className="min-w-0">
                        <span className="block font-medium text-ink">{l.name}</span>
                        <span className="block text-slate-600">
                          {formatUsd(l.price)} each · {l.refunded_quantity ? `${l.refunded_quantity} of ${l.quantity} refunded` : `${l.quantity} bought`}
                        </span>
                      </span>
                      {max > 0 ? (
                        <QuantityInput
                          of={l.name}
                          value={quantities.get(l.order_line_id) ?? 0}
                          max={max}
                          onChange={(n) => {
                            setErrors((e) => ({ ...e, lines: undefined }));
                            setQuantities((prev) => {
                              const next = new Map(prev);
                              next.set(l.order_line_id, n);
                              return next;
                            });
                          }}
                        />
                      ) : (
                        <span className="text-slate-600">All refunded</span>
                      )}
                    </li>
                  );
                })}
              </ul>
              {errors.lines ? (
                <p id={`${formId}-lines-error`} className="mt-1.5 text-sm text-red-700">
                  {errors.lines}
                </p>
              ) : null}
              <p className="mt-2 text-right" aria-live="polite">
                Amount to refund: <strong className="tabular-nums text-ink">{formatUsd(amount)}</strong>
                <span className="block text-xs text-slate-500">Discount and shipping are shared across the items in proportion.</span>
              </p>
            </fieldset>
          ) : (
            <TextField
              label="Amount (USD)"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amountText}
              hint={`Up to ${formatUsd(left)}. Money only: no item or licence is taken back.`}
              error={errors.amount}
              onChange={(e) => {
                setAmountText(e.target.value);
                setErrors((prev) => ({ ...prev, amount: undefined }));
              }}
            />
          )}

          <TextAreaField
            label="Reason"
            rows={3}
            required
            value={reason}
            error={errors.reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors((prev) => ({ ...prev, reason: undefined }));
            }}
          />
        </form>
      ) : null}
    </Dialog>
  );
}
