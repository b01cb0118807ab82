import type { ReactNode } from 'react';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { MSG } from '@lbs/domain/messages';
import { actionsColumn, orderColumns } from '../../../components/orders/order-columns';
import { useCustomerOrdersQuery } from '../api';
import { PagedList } from './paged-list';

/** The customer's orders, newest first, paged on the server. */
export function CustomerOrders({
  customerId,
  page,
  onPage,
  actions,
}: {
  customerId: number;
  page: number;
  onPage: (page: number) => void;
  actions?: (o: TAdminOrder) => ReactNode;
}) {
  const query = useCustomerOrdersQuery({ id: customerId, page });
  const columns = orderColumns('customer', { actions: actions && actionsColumn('actions', 'Actions', 'md:text-right', actions) });
  return <PagedList caption="Orders" query={query} page={page} onPage={onPage} columns={columns} rowKey={(o) => o.order_id} empty={MSG.noOrders} />;
}
