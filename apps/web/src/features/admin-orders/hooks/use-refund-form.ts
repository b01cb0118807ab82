import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { fromCents } from '@lbs/domain/money';
import { REFUND_MSG, ZRefundBody, type TRefundBody, type TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { leftToRefund } from '../../../components/orders/payment-status';
import { toApiError } from '../../../lib/api-error';
import { previewLinesRefund, toRefundableOrder, unitsLeftByLine } from '../refund-preview';
import { parseAmount, REFUND_DIALOG_TEXT } from '../components/refund-text';

export type RefundMode = TRefundBody['mode'];
type RefundRequest = { mode: 'lines'; lines: Array<{ order_line_id: number; quantity: number }> } | { mode: 'amount'; amount: number };

export interface RefundErrors {
  lines?: string;
  amount?: string;
  reason?: string;
}

/**
 * The refund dialog's state: what is chosen (items or an amount, and a reason), the preview, and
 * the one refund id sent with every try of this opening (a refused refund gets a new one).
 */
export function useRefundForm(
  order: TOrder | null,
  refunds: readonly TRefundJson[] | undefined,
  onRefund: (orderId: number, body: TRefundBody) => Promise<TRefundJson>,
) {
  const formId = useId();
  const [openFor, setOpenFor] = useState<number | null>(null);
  const [refundId, setRefundId] = useState('');
  const [mode, setMode] = useState<RefundMode>('lines');
  const [quantities, setQuantities] = useState<ReadonlyMap<number, number>>(new Map());
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});
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
  // From the order's refunds when they have answered: they are read again after every refund or
  // cancel, refused ones too (a 409 when another tab refunded first), where the order the dialog
  // opened with is a snapshot. Refunds waiting for the provider count, as on the server.
  const refunded = refundable && refunds ? fromCents(refundable.refundedCents) : (order?.refunded ?? 0);
  const left = refundable && refunds ? Math.max(0, fromCents(refundable.totalCents - refundable.refundedCents)) : order ? leftToRefund(order) : 0;
  const typedAmount = parseAmount(amountText);
  const amount = !refundable ? 0 : mode === 'lines' ? previewLinesRefund(refundable, quantities) : (typedAmount ?? 0);

  const validate = (): RefundRequest | null => {
    if (!order) return null;
    const next: RefundErrors = {};
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

  return {
    formId,
    mode,
    /** Another way to refund: the messages of the last one go. */
    chooseMode: (next: RefundMode) => {
      setMode(next);
      setErrors({});
    },
    quantities,
    setQuantity: (lineId: number, n: number) => {
      setErrors((prev) => ({ ...prev, lines: undefined }));
      setQuantities((prev) => new Map(prev).set(lineId, n));
    },
    amountText,
    setAmountText: (text: string) => {
      setAmountText(text);
      setErrors((prev) => ({ ...prev, amount: undefined }));
    },
    reason,
    setReason: (text: string) => {
      setReason(text);
      setErrors((prev) => ({ ...prev, reason: undefined }));
    },
    errors,
    failure,
    busy,
    answer,
    unitsLeft,
    refunded,
    left,
    amount,
    submit,
  };
}

export type RefundForm = ReturnType<typeof useRefundForm>;
