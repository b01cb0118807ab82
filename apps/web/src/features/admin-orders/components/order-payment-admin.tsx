import type { TOrder } from '@lbs/domain/responses';
import { OrderMoneyButtons } from './order-money-actions';
import { OrderPaymentSection } from '../../../components/orders/payment-status';
import { useOrderRefundsQuery } from '../api';

/**
 * The order dialog's payment section in the back office: state, refunded and left, "Refund…" and
 * "Cancel order…", and every refund with its reason and credit note (GET /order/admin/{id}/refunds;
 * until it answers, the refunds the order carries).
 */
export function OrderPaymentAdmin({ order, onRefund, onCancel }: { order: TOrder; onRefund: (o: TOrder) => void; onCancel: (o: TOrder) => void }) {
  const { data, isError } = useOrderRefundsQuery(order.order_id);
  return (
    <>
      <OrderPaymentSection
        order={order}
        refunds={data?.items ?? order.refunds}
        headingId="payment-heading"
        showLeft
        actions={<OrderMoneyButtons order={order} onRefund={onRefund} onCancel={onCancel} />}
      />
      {isError ? <p className="mt-2 text-sm text-red-700">The refunds could not be loaded.</p> : null}
    </>
  );
}
