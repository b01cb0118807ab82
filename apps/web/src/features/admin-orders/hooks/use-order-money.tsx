import type { TOrder } from '@lbs/domain/responses';
import { useCancelOrderMutation, useOpenOrderRefunds, useRefundOrderMutation } from '../api';
import { hasMoneyActions, OrderMoneyButtons, useOrderMoneyDialogs } from '../components/order-money-actions';

/**
 * Refund and cancel on the back office's endpoints, so every list refreshes by the same tags:
 * ORDERS opens the dialogs from its order dialog, the customer page (given this by the app) from
 * its order rows.
 */
export function useOrderMoney() {
  const [refundOrder] = useRefundOrderMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const money = useOrderMoneyDialogs({
    refund: (orderId, body) => refundOrder({ orderId, body }).unwrap(),
    cancel: (orderId, body) => cancelOrder({ orderId, body }).unwrap(),
    useRefunds: useOpenOrderRefunds,
  });
  return {
    ...money,
    buttons: (order: TOrder) => <OrderMoneyButtons order={order} onRefund={money.openRefund} onCancel={money.openCancel} />,
    /** Whether an order has any of these actions (a refunded or cancelled one has none). */
    applies: hasMoneyActions,
  };
}
