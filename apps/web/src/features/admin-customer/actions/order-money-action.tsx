import type { TOrder } from '@lbs/domain/responses';
import { hasMoneyActions, OrderMoneyButtons, useOrderMoneyDialogs } from '../../../components/orders/order-money-actions';
import { useCancelOrderMutation, useOpenOrderRefunds, useRefundOrderMutation } from '../../admin-orders/api';

/**
 * Refund and cancel from the customer page's orders: the same dialogs as ORDERS (one component),
 * the same endpoints, so the lists refresh by the same tags.
 */
export function useOrderMoneyAction() {
  const [refundOrder] = useRefundOrderMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const money = useOrderMoneyDialogs({
    refund: (orderId, body) => refundOrder({ orderId, body }).unwrap(),
    cancel: (orderId, body) => cancelOrder({ orderId, body }).unwrap(),
    useRefunds: useOpenOrderRefunds,
  });
  return {
    buttons: (order: TOrder) => <OrderMoneyButtons order={order} onRefund={money.openRefund} onCancel={money.openCancel} />,
    /** Whether an order has any of these actions (a refunded or cancelled one has none). */
    applies: hasMoneyActions,
    dialogs: money.dialogs,
  };
}
