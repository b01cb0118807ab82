import { CustomerPage } from '../features/admin-customer/pages/customer-page';
import { useOrderMoney } from '../features/admin-orders/hooks/use-order-money';

/** The customer page with ORDERS' refund and cancel: the app puts the two features together. */
export function CustomerRoute() {
  return <CustomerPage money={useOrderMoney()} />;
}
