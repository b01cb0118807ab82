import { useId, useState } from 'react';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { MSG } from '@lbs/domain/messages';
import { formatUsd } from '@lbs/domain/money';
import { pageCount } from '@lbs/domain/paging';
import { ANALYTICS_MSG } from '@lbs/domain/report-queries';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from '@lbs/domain/statuses';
import { OrderStatusBadge, statusLabel } from '../../../components/orders/order-status';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmailText } from '../../../components/ui/email-text';
import { FilterDate, FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useAdminOrdersQuery, useUpdateOrderMutation } from '../api';
import { OrderEditDialog } from '../components/order-edit-dialog';


/**
 * Back office ORDERS: every paid order, paged and filtered on the server (status, a search by
 * order number, email or name, the days it was placed), each with the edit dialog.
 */
export function OrdersPage() {
  const id = useId();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [editing, setEditing] = useState<TAdminOrder | null>(null);
  // The server refuses from after to; the list waits until the range makes sense.
  const rangeProblem = from && to && from > to ? ANALYTICS_MSG.fromAfterTo : null;
  const { data, isLoading, isFetching, isError } = useAdminOrdersQuery(
    { page, q, status: status || undefined, from, to },
    { skip: rangeProblem !== null },
  );
  const [updateOrder] = useUpdateOrderMutation();
  useErrorToast(isError, MSG.errorFetchingData);

  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const columns: Array<Column<TAdminOrder>> = [
    { key: 'id', header: 'Order ID', card: 'title', className: 'whitespace-nowrap', cell: (o) => <span className="font-semibold text-ink">#{o.order_id}</span> },
    { key: 'email', header: 'Email', cell: (o) => <EmailText email={o.email} /> },
    { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
    {
      key: 'items',
      header: 'Items',
      className: 'min-w-44',
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
    { key: 'total', header: 'Total', className: 'text-right tabular-nums', cell: (o) => formatUsd(o.total) },
    { key: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (o) => formatDate(o.created_at) },
    {
      key: 'edit',
      header: <span className="sr-only">Edit</span>,
      card: 'actions',
      className: 'text-right',
      cell: (o) => (
        <button
          type="button"
          onClick={() => setEditing(o)}
          className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          aria-label={`Edit order ${o.order_id}`}
        >
          Edit
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby={`${id}-heading`}>
      <ListToolbar
        headingId={`${id}-heading`}
        title="Orders"
        count={data && !rangeProblem ? `${data.total} ${data.total === 1 ? 'order' : 'orders'}` : null}
        filtersLayout="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(16rem,1fr)_11rem_10rem_10rem] lg:items-end"
      >
        <SearchField
          className="col-span-2 lg:col-span-1"
          label="Search orders"
          placeholder="Order number, email or name"
          onSearch={filtered(setQ)}
        />
        <FilterSelect
          label="Status"
          className="col-span-2 lg:col-span-1"
          value={status}
          onChange={(e) => filtered(setStatus)(isOrderStatus(e.target.value) ? e.target.value : '')}
        >
          <option value="">All</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </FilterSelect>
        <FilterDate label="From" value={from} max={to || undefined} onChange={(e) => filtered(setFrom)(e.target.value)} />
        <FilterDate
          label="To"
          value={to}
          min={from || undefined}
          aria-invalid={rangeProblem ? true : undefined}
          aria-describedby={rangeProblem ? `${id}-range` : undefined}
          onChange={(e) => filtered(setTo)(e.target.value)}
        />
        {rangeProblem ? (
          <p id={`${id}-range`} role="alert" className="col-span-2 text-sm text-red-700 lg:col-span-4">
            {rangeProblem}
          </p>
        ) : null}
      </ListToolbar>

      {rangeProblem ? null : (
        <>
          <div className={`mt-5 transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
            <DataTable
              caption="All orders"
              columns={columns}
              rows={isError ? [] : data?.items}
              rowKey={(o) => o.order_id}
              loading={isLoading}
              empty={MSG.noOrders}
            />
          </div>
          {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Order pages" /> : null}
        </>
      )}

      <OrderEditDialog order={editing} onClose={() => setEditing(null)} onSave={(orderId, body) => updateOrder({ orderId, body }).unwrap()} />
    </section>
  );
}
