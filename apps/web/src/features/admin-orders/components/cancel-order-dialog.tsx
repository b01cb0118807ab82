import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { isLicenseProductId } from '@lbs/domain/catalogue';
import { formatUsd } from '@lbs/domain/money';
import { REFUND_MSG, ZCancelOrderBody, type TCancelOrderBody, type TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { toApiError } from '../../../lib/api-error';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField } from '../../../components/ui/text-field';
import { leftToRefund } from '../../../components/orders/payment-status';
import { REFUND_DIALOG_TEXT } from './refund-text';

/** POST /order/admin/{orderId}/cancel answers the order as it became and the refund it made (paid orders). */
export interface TCancelOrderResult {
  order: TOrder;
  refund: TRefundJson | null;
}

/** Licence keys only: nothing to ship, so it counts as not shipped whatever its steps say. */
export const isLicenceOnly = (order: Pick<TOrder, 'products'>) => order.products.length > 0 && order.products.every((p) => isLicenseProductId(p.product_id));

/**
 * Why an order cannot be cancelled (REFUND_MSG's words), or null when it can: an unpaid order, or a
 * paid one not yet shipped (refunded in full). Failed payments have nothing to cancel.
 */
export function cancelBlocker(order: Pick<TOrder, 'payment_status' | 'status' | 'products'>): string | null {
  switch (order.payment_status) {
    case 'unpaid':
      return null;
    case 'cancelled':
      return REFUND_MSG.alreadyCancelled;
    case 'refunded':
      return REFUND_MSG.alreadyRefunded;
    case 'failed':
      return REFUND_MSG.notPaid;
    default:
      return (order.status === 'shipped' || order.status === 'delivered') && !isLicenceOnly(order) ? REFUND_MSG.cannotCancelShipped : null;
  }
}

export const CANCEL_DIALOG_TEXT = {
  unpaid: 'Its checkout is closed, so the customer can no longer pay for it. A payment that still comes through is refunded automatically.',
  paid: (left: number) => `It is refunded in full (${formatUsd(left)} back to the customer), its licence keys are revoked and a credit note is issued.`,
  cancelled: (orderId: number) => `Order #${orderId} was cancelled.`,
} as const;

/**
 * Cancel one order, with a reason: unpaid, its checkout is closed; paid and not shipped, it is
 * refunded in full (one refund, its id made when the dialog opens, as in RefundDialog).
 */
export function CancelOrderDialog({
  order,
  onClose,
  onCancelOrder,
}: {
  order: TOrder | null;
  onClose: () => void;
  onCancelOrder: (orderId: number, body: TCancelOrderBody) => Promise<TCancelOrderResult>;
}) {
  const formId = useId();
  const [openFor, setOpenFor] = useState<number | null>(null);
  const [refundId, setRefundId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);

  const current = order?.order_id ?? null;
  if (current !== openFor) {
    setOpenFor(current);
    if (order) {
      setRefundId(crypto.randomUUID());
      setReason('');
      setError(undefined);
      setFailure(null);
      setBusy(false);
      setPending(false);
    }
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!order || sending.current || pending) return;
    const parsed = ZCancelOrderBody.safeParse({ id: refundId, reason });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'reason')?.message ?? REFUND_MSG.cancelReasonRequired);
      return;
    }
    setError(undefined);
    setFailure(null);
    sending.current = true;
    setBusy(true);
    try {
      const { refund } = await onCancelOrder(order.order_id, parsed.data);
      if (refund?.state === 'failed') {
        setFailure(refund.failure_reason ? `${REFUND_MSG.providerFailed} ${refund.failure_reason}` : REFUND_MSG.providerFailed);
        setRefundId(crypto.randomUUID());
      } else if (refund?.state === 'pending') {
        setPending(true);
      } else {
        toast.success(
          refund ? `${CANCEL_DIALOG_TEXT.cancelled(order.order_id)} ${REFUND_DIALOG_TEXT.succeeded(refund.amount, refund.credit_note)}` : CANCEL_DIALOG_TEXT.cancelled(order.order_id),
        );
        onClose();
      }
    } catch (err) {
      setFailure(toApiError(err).message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const paid = order !== null && order.payment_status !== 'unpaid';
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Cancel order #${order.order_id}` : 'Cancel order'}
      describedBy={`${formId}-what`}
      footer={
        pending ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Keep order
            </Button>
            <Button type="submit" form={formId} variant="danger" disabled={busy}>
              {busy ? 'Cancelling…' : 'Cancel order'}
            </Button>
          </>
        )
      }
    >
      {order ? (
        pending ? (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {REFUND_DIALOG_TEXT.pending}
          </p>
        ) : (
          <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4 text-sm text-slate-700">
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <p id={`${formId}-what`}>{paid ? CANCEL_DIALOG_TEXT.paid(leftToRefund(order)) : CANCEL_DIALOG_TEXT.unpaid}</p>
            <TextAreaField
              label="Reason"
              rows={3}
              required
              value={reason}
              error={error}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
            />
          </form>
        )
      ) : null}
    </Dialog>
  );
}
