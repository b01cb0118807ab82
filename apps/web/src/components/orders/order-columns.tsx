import type { ReactNode } from 'react';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { formatUsd } from '@lbs/domain/money';
import { formatDate, formatDateTime } from '../../lib/format-date';
import type { Column } from '../ui/data-table';
import { EmailText } from '../ui/email-text';
import { OrderStatusBadge } from './order-status';
import { PaymentStatusBadge } from './payment-status';

/**
 * Which back-office list of orders: ORDERS (every buyer; the payment badge beside the status when
 * not plainly paid, with the tracking) or the customer page (one buyer; payment a column of its
 * own, the amount refunded under the total, the time it was placed).
 */
export type OrderList = 'orders' | 'customer';

/**
 * The back office's order columns, one definition for ORDERS and the customer page. `leading`
 * (ORDERS' selection) comes first, `actions` last, as the card's action row on phones.
 */
export function orderColumns(
  list: OrderList,
  { leading = [], actions }: { leading?: Array<Column<TAdminOrder>>; actions?: Column<TAdminOrder> } = {},
): Array<Column<TAdminOrder>> {
  const all = list === 'orders';
  const cols: Array<Column<TAdminOrder> | false> = [
    ...leading,
    {
      key: 'id',
      header: all ? 'Order ID' : 'Order',
      card: 'title',
      className: 'whitespace-nowrap',
      cell: (o) => <span className="font-semibold text-ink">#{o.order_id}</span>,
    },
    all && { key: 'email', header: 'Email', cell: (o) => <EmailText email={o.email} /> },
    { key: 'status', header: 'Status', cell: all ? (o) => <StatusWithTracking order={o} /> : (o) => <OrderStatusBadge status={o.status} /> },
    !all && { key: 'payment', header: 'Payment', cell: (o) => <PaymentStatusBadge status={o.payment_status} /> },
    { key: 'items', header: 'Items', className: all ? 'min-w-44' : 'min-w-40', cell: (o) => <OrderItems order={o} /> },
    {
      key: 'total',
      header: 'Total',
      className: all ? 'text-right tabular-nums' : 'tabular-nums md:text-right',
      cell: all ? (o) => formatUsd(o.total) : (o) => <TotalAndRefunded order={o} />,
    },
    all
      ? { key: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (o) => formatDate(o.created_at) }
      : { key: 'created', header: 'Placed', className: 'whitespace-nowrap', cell: (o) => formatDateTime(o.created_at) },
    actions ?? false,
  ];
  return cols.filter((c): c is Column<TAdminOrder> => c !== false);
}

/** A column of buttons: no header to see, the action row of a card on phones. */
export function actionsColumn(key: string, label: string, className: string, cell: (o: TAdminOrder) => ReactNode): Column<TAdminOrder> {
  return { key, header: <span className="sr-only">{label}</span>, card: 'actions', className, cell };
}

function StatusWithTracking({ order: o }: { order: TAdminOrder }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap gap-1">
        <OrderStatusBadge status={o.status} />
        {o.payment_status === 'paid' ? null : <PaymentStatusBadge status={o.payment_status} />}
      </span>
      {o.track_num ? (
        <span className="text-xs text-slate-600">
          {o.carrier_name ? `${o.carrier_name} · ` : ''}
          {o.track_url ? (
            <a href={o.track_url} target="_blank" rel="noreferrer" className="text-brand-700 underline" aria-label={`Track order ${o.order_id}: ${o.track_num}`}>
              {o.track_num}
            </a>
          ) : (
            o.track_num
          )}
        </span>
      ) : null}
    </span>
  );
}

function OrderItems({ order }: { order: TAdminOrder }) {
  return (
    <ul className="text-slate-700">
      {order.products.map((p) => (
        <li key={`${p.product_id}-${p.name}`}>
          {p.name} × {p.quantity}
        </li>
      ))}
    </ul>
  );
}

function TotalAndRefunded({ order }: { order: TAdminOrder }) {
  return (
    <>
      {formatUsd(order.total)}
      {order.refunded > 0 ? <span className="block text-xs text-slate-600">{formatUsd(order.refunded)} refunded</span> : null}
    </>
  );
}
