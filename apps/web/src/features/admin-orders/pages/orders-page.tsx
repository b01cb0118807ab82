import { useId, useState } from 'react';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { isOrderClosed } from '@lbs/domain/statuses';
import { actionsColumn, orderColumns } from '../../../components/orders/order-columns';
import { DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useAdminOrdersQuery, useShipOrdersMutation, useUpdateOrderMutation } from '../api';
import { OrderFiltersToolbar } from '../components/order-filters';
import { OrderPaymentAdmin } from '../components/order-payment-admin';
import { OrderEditDialog } from '../components/order-edit-dialog';
import { SelectionBar } from '../components/selection-bar';
import { ShipOrdersDialog } from '../components/ship-orders-dialog';
import { useOrderMoney } from '../hooks/use-order-money';
import { useOrderFilters } from '../hooks/use-order-filters';
import { useOrderSelection } from '../hooks/use-order-selection';

/**
 * Back office ORDERS: every paid order, paged and filtered on the server (status, payment state
 * (unpaid, failed... a click away), a search by order number (any payment state), email or name,
 * the days it was placed), each with the edit dialog. Orders can be
 * selected (one by one or the whole page; the selection survives paging and filtering, so a
 * batch can be gathered) for their packing slips in one PDF and for "Mark shipped".
 */
export function OrdersPage() {
  const id = useId();
  const filters = useOrderFilters();
  const { rangeProblem } = filters;
  const [editing, setEditing] = useState<TAdminOrder | null>(null);
  const [shipping, setShipping] = useState<readonly TAdminOrder[] | null>(null);
  const { data, isLoading, isFetching, isError, refetch } = useAdminOrdersQuery(filters.query, { skip: rangeProblem !== null });
  const [updateOrder] = useUpdateOrderMutation();
  const [shipOrders] = useShipOrdersMutation();
  const money = useOrderMoney();
  // The open order as the list has it now: a refund or a cancel shows in the open dialog at once.
  const editingNow = (editing && data?.items.find((o) => o.order_id === editing.order_id)) || editing;
  useErrorToast(isError, MSG.errorFetchingData);
  const pageOrders = data?.items ?? [];
  // A cancelled order (or one being cancelled) is no one's work: it cannot be picked to ship.
  const selection = useOrderSelection(pageOrders.filter((o) => !isOrderClosed(o.status)));

  const columns = orderColumns('orders', {
    leading: [
      actionsColumn('select', 'Selected', 'w-10', (o) =>
        isOrderClosed(o.status) ? null : (
        <label className="inline-flex min-h-9 items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={selection.has(o)} onChange={(e) => selection.toggle(o, e.target.checked)} />
          <span className="md:sr-only">Select</span>
          <span className="sr-only"> order #{o.order_id}</span>
        </label>
        ),
      ),
    ],
    actions: actionsColumn('edit', 'Edit', 'text-right', (o) => (
      <button
        type="button"
        onClick={() => setEditing(o)}
        className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        aria-label={`Edit order ${o.order_id}`}
      >
        Edit
      </button>
    )),
  });

  return (
    <section aria-labelledby={`${id}-heading`}>
      <OrderFiltersToolbar id={id} filters={filters} count={data && !rangeProblem ? `${data.total} ${data.total === 1 ? 'order' : 'orders'}` : null} />

      {rangeProblem ? null : (
        <>
          {pageOrders.length ? <SelectionBar selection={selection} onShip={setShipping} /> : null}
          <div className={`mt-5 transition-opacity ${isFetching && !isLoading ? 'opacity-60' : ''}`} aria-busy={isFetching}>
            <DataTable
              caption="All orders"
              columns={columns}
              rows={data?.items}
              rowKey={(o) => o.order_id}
              // A bar at the start, not a tint: a tint lowers the contrast of the cards' grey labels.
              rowClassName={(o) => (selection.has(o) ? 'shadow-[inset_4px_0_0_var(--color-brand-600)]' : '')}
              loading={isLoading}
              failed={isError && { onRetry: () => void refetch(), retrying: isFetching }}
              empty={MSG.noOrders}
            />
          </div>
          {data ? <Pager page={filters.page} totalPages={pageCount(data.total, data.page_size)} onChange={filters.setPage} label="Order pages" /> : null}
        </>
      )}

      <ShipOrdersDialog
        orders={shipping}
        onShip={(body) => shipOrders(body).unwrap()}
        onClose={(result) => {
          setShipping(null);
          if (result) selection.dropShipped(result);
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
