import { useId, useState } from 'react';
import { REFUND_MSG, type TCancelOrderBody, type TRefundBody, type TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { Button } from '../../../components/ui/button';
import { CancelOrderDialog, cancelBlocker, type TCancelOrderResult } from './cancel-order-dialog';
import { leftToRefund } from '../../../components/orders/payment-status';
import { RefundDialog } from './refund-dialog';

/** Why an order cannot be refunded now (REFUND_MSG's words), or null. */
export function refundBlocker(order: Pick<TOrder, 'payment_status' | 'total' | 'refunded'>): string | null {
  if (order.payment_status === 'refunded') return REFUND_MSG.alreadyRefunded;
  if (order.payment_status !== 'paid' && order.payment_status !== 'partially_refunded') return REFUND_MSG.notPaid;
  return leftToRefund(order) > 0 ? null : REFUND_MSG.alreadyRefunded;
}

/**
 * The refund and cancel dialogs, once per screen: the back office's orders and the customer page
 * open them from their rows or the order dialog. Rendered beside (not inside) another dialog, so
 * closing one does not close the other.
 */
export function useOrderMoneyDialogs({
  refund,
  cancel,
  useRefunds,
}: {
  refund: (orderId: number, body: TRefundBody) => Promise<TRefundJson>;
  cancel: (orderId: number, body: TCancelOrderBody) => Promise<TCancelOrderResult>;
  /** The order's refunds with their lines (a query hook; null: none open), so the preview is exact. */
  useRefunds: (orderId: number | null) => readonly TRefundJson[] | undefined;
}) {
  const [refunding, setRefunding] = useState<TOrder | null>(null);
  const [cancelling, setCancelling] = useState<TOrder | null>(null);
  const refunds = useRefunds(refunding?.order_id ?? null);
  return {
    openRefund: setRefunding,
    openCancel: setCancelling,
    dialogs: (
      <>
        <RefundDialog order={refunding} refunds={refunds} onClose={() => setRefunding(null)} onRefund={refund} />
        <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} onCancelOrder={cancel} />
      </>
    ),
  };
}

/**
 * "Refund…" (a paid or partly refunded order) and "Cancel order…" (unpaid, or paid and not shipped).
 * A cancel the order's state forbids stays visible but disabled, with the reason beside it; buttons
 * that could never apply (a cancelled or failed order) are left out.
 */
/** Whether OrderMoneyButtons shows anything for this order (a cancelled, failed or refunded one: nothing). */
export const hasMoneyActions = (order: Pick<TOrder, 'payment_status'>) =>
  order.payment_status === 'paid' || order.payment_status === 'partially_refunded' || order.payment_status === 'unpaid';

export function OrderMoneyButtons({ order, onRefund, onCancel }: { order: TOrder; onRefund: (o: TOrder) => void; onCancel: (o: TOrder) => void }) {
  const reasonId = useId();
  const noRefund = refundBlocker(order);
  const noCancel = cancelBlocker(order);
  const showCancel = hasMoneyActions(order);
  if (noRefund && !showCancel) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {noRefund ? null : (
        <Button variant="secondary" className="!px-3 !py-1.5" aria-label={`Refund order #${order.order_id}…`} onClick={() => onRefund(order)}>
          Refund…
        </Button>
      )}
      {showCancel ? (
        <>
          <Button
            variant="secondary"
            className="!px-3 !py-1.5"
            aria-label={`Cancel order #${order.order_id}…`}
            disabled={noCancel !== null}
            aria-describedby={noCancel ? reasonId : undefined}
            onClick={() => onCancel(order)}
          >
            Cancel order…
          </Button>
          {noCancel ? (
            <span id={reasonId} className="text-xs text-slate-600">
              {noCancel}
            </span>
          ) : null}
        </>
      ) : null}
    </span>
  );
}
