import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
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
import { toApiError } from '../../../lib/api-error';
import { Button } from '../../../components/ui/button';
import { PaymentStatusBadge } from '../../../components/orders/payment-status';
import { useAdminOrdersQuery, useShipOrdersMutation, useUpdateOrderMutation } from '../api';
import { OrderPaymentAdmin } from '../components/order-payment-admin';
import { OrderEditDialog } from '../components/order-edit-dialog';
import { ShipOrdersDialog } from '../components/ship-orders-dialog';
import { useOrderMoney } from '../components/use-order-money';
import { downloadPackingSlips } from '../download-packing-slips';


/**
 * Back office ORDERS: every paid order, paged and filtered on the server (status, a search by
 * order number, email or name, the days it was placed), each with the edit dialog. Orders can be
 * selected (one by one or the whole page; the selection survives paging and filtering, so a
 * batch can be gathered) for their packing slips in one PDF and for "Mark shipped".
 */
export function OrdersPage() {
  const id = useId();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [editing, setEditing] = useState<TAdminOrder | null>(null);
  // Kept with the orders themselves: the ship dialog lists orders from earlier pages too.
  const [selected, setSelected] = useState<ReadonlyMap<number, TAdminOrder>>(new Map());
  const [shipping, setShipping] = useState<readonly TAdminOrder[] | null>(null);
  const [downloading, setDownloading] = useState(false);
  // The server refuses from after to; the list waits until the range makes sense.
  const rangeProblem = from && to && from > to ? ANALYTICS_MSG.fromAfterTo : null;
  const { data, isLoading, isFetching, isError, refetch } = useAdminOrdersQuery(
    { page, q, status: status || undefined, from, to },
    { skip: rangeProblem !== null },
  );
  const [updateOrder] = useUpdateOrderMutation();
  const [shipOrders] = useShipOrdersMutation();
  const money = useOrderMoney();
  // The open order as the list has it now: a refund or a cancel shows in the open dialog at once.
  const editingNow = (editing && data?.items.find((o) => o.order_id === editing.order_id)) || editing;
  useErrorToast(isError, MSG.errorFetchingData);

  const pageOrders = data?.items ?? [];
  const toggle = (o: TAdminOrder, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(o.order_id, o);
      else next.delete(o.order_id);
      return next;
    });
  const allOnPage = pageOrders.length > 0 && pageOrders.every((o) => selected.has(o.order_id));
  const someOnPage = pageOrders.some((o) => selected.has(o.order_id));
  const togglePage = (on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const o of pageOrders) {
        if (on) next.set(o.order_id, o);
        else next.delete(o.order_id);
      }
      return next;
    });
  const selection = [...selected.values()];

  const printPackingSlips = async () => {
    setDownloading(true);
    try {
      await downloadPackingSlips(selection.map((o) => o.order_id));
    } catch (err) {
      toast.error(`Packing slips failed: ${toApiError(err).message}`);
    } finally {
      setDownloading(false);
    }
  };

  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const columns: Array<Column<TAdminOrder>> = [
    {
      key: 'select',
      header: <span className="sr-only">Selected</span>,
      card: 'actions',
      className: 'w-10',
      cell: (o) => (
        <label className="inline-flex min-h-9 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={selected.has(o.order_id)} onChange={(e) => toggle(o, e.target.checked)} />
          <span className="md:sr-only">Select</span>
          <span className="sr-only"> order #{o.order_id}</span>
        </label>
      ),
    },
    { key: 'id', header: 'Order ID', card: 'title', className: 'whitespace-nowrap', cell: (o) => <span className="font-semibold text-ink">#{o.order_id}</span> },
    { key: 'email', header: 'Email', cell: (o) => <EmailText email={o.email} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (o) => (
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
      ),
    },
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
          {pageOrders.length ? (
            <div role="group" aria-label="Selected orders" className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-2.5">
              <SelectPageCheckbox checked={allOnPage} mixed={someOnPage && !allOnPage} onChange={togglePage} />
              <span className="text-sm text-slate-700" aria-live="polite">
                {selected.size} selected
              </span>
              <span className="flex flex-wrap gap-2 sm:ml-auto">
                <Button variant="secondary" className="px-3 py-1.5" disabled={!selected.size || downloading} onClick={() => void printPackingSlips()}>
                  {downloading ? 'Preparing...' : 'Packing slips'}
                </Button>
                <Button className="px-3 py-1.5" disabled={!selected.size} onClick={() => setShipping(selection)}>
                  Mark shipped
                </Button>
                {selected.size ? (
                  <Button variant="ghost" className="px-3 py-1.5" onClick={() => setSelected(new Map())}>
                    Clear
                  </Button>
                ) : null}
              </span>
            </div>
          ) : null}
          <div className={`mt-5 transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
            <DataTable
              caption="All orders"
              columns={columns}
              rows={data?.items}
              rowKey={(o) => o.order_id}
              // A bar at the start, not a tint: a tint lowers the contrast of the cards' grey labels.
              rowClassName={(o) => (selected.has(o.order_id) ? 'shadow-[inset_4px_0_0_var(--color-brand-600)]' : '')}
              loading={isLoading}
              failed={isError && { onRetry: () => void refetch(), retrying: isFetching }}
              empty={MSG.noOrders}
            />
          </div>
          {data ? <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Order pages" /> : null}
        </>
      )}

      <ShipOrdersDialog
        orders={shipping}
        onShip={(body) => shipOrders(body).unwrap()}
        onClose={(result) => {
          setShipping(null);
          // Orders now shipped (or found shipped already) leave the selection; refused ones stay to be looked at.
          if (result) {
            const done = new Set(result.results.filter((r) => r.outcome !== 'refused').map((r) => r.order_id));
            setSelected((prev) => new Map([...prev].filter(([id]) => !done.has(id))));
          }
        }}
      />
      <OrderEditDialog
        order={editingNow}
        onClose={() => setEditing(null)}
        onSave={(orderId, body) => updateOrder({ orderId, body }).unwrap()}
        payment={editingNow ? <OrderPaymentAdmin order={editingNow} onRefund={money.openRefund} onCancel={money.openCancel} /> : null}
      />
      {money.dialogs}
    </section>
  );
}

/** "Select all on this page", mixed while only some of the page is selected. */
function SelectPageCheckbox({ checked, mixed, onChange }: { checked: boolean; mixed: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="inline-flex min-h-9 items-center gap-2 text-sm font-medium text-slate-700">
      <input ref={ref} type="checkbox" className="h-4 w-4 accent-brand-600" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Select all on this page
    </label>
  );
}
