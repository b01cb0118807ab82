import type { ReactNode } from 'react';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { MSG } from '@lbs/domain/messages';
import { formatUsd } from '@lbs/domain/money';
import { OrderStatusBadge } from '../../../components/orders/order-status';
import { PaymentStatusBadge } from '../../../components/orders/payment-status';
import type { Column } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format-date';
import { useCustomerOrdersQuery } from '../api';
import { PagedList } from './paged-list';


function columns(actions?: (o: TAdminOrder) => ReactNode): ReadonlyArray<Column<TAdminOrder>> {
  const cols: Array<Column<TAdminOrder>> = [
    { key: 'id', header: 'Order', card: 'title', className: 'whitespace-nowrap', cell: (o) => <span className="font-semibold text-ink">#{o.order_id}</span> },
    { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
    { key: 'payment', header: 'Payment', cell: (o) => <PaymentStatusBadge status={o.payment_status} /> },
    {
      key: 'items',
      header: 'Items',
      className: 'min-w-40',
      cell: (o) => (
        <ul className="text-slate-700">
          {o.products.map((p) => (
            <li key={`${p.product_id}-${p.name}`}>
              {p.name} × {p.quantity}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'total',
      header: 'Total',
      className: 'tabular-nums md:text-right',
      cell: (o) => (
        <>
          {formatUsd(o.total)}
          {o.refunded > 0 ? <span className="block text-xs text-slate-600">{formatUsd(o.refunded)} refunded</span> : null}
        </>
      ),
    },
    { key: 'created', header: 'Placed', className: 'whitespace-nowrap', cell: (o) => formatDateTime(o.created_at) },
  ];
  if (actions) cols.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      className: 'md:text-right',
      cell: actions,
    });
  return cols;
}

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
  return <PagedList caption="Orders" query={query} page={page} onPage={onPage} columns={columns(actions)} rowKey={(o) => o.order_id} empty={MSG.noOrders} />;
}
