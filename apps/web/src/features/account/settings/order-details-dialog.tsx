import type { TOrder } from '@lbs/domain/responses';
import { OrderDetails } from '../../../components/orders/order-details';
import { Dialog } from '../../../components/ui/dialog';

/** The customer's order dialog: the order's details, tracking read-only, their payment section. */
export function OrderDetailsDialog({ order, onClose }: { order: TOrder | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onClose={onClose} title={order ? `Order #${order.order_id}` : 'Order'} wide>
      {order ? <OrderDetails order={order} /> : null}
    </Dialog>
  );
}
