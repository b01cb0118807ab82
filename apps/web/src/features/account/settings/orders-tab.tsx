import { useState } from 'react';
import { MSG } from '@lbs/domain/messages';
import { ListEmpty, ListLoading } from './list-status';
import { LoadFailed } from '../../../components/ui/load-failed';
import { formatUsd } from '@lbs/domain/money';
import { pageCount } from '@lbs/domain/paging';
import { OrderDetailsDialog } from './order-details-dialog';
import { OrderStatusBadge } from '../../../components/orders/order-status';
import { PaymentStatusBadge } from '../../../components/orders/payment-status';
import { Pager } from '../../../components/ui/pager';
import { useAppSelector } from '../../../lib/store-hooks';
import { useOrdersQuery } from '../api';
import { formatDate } from '../format';

export function OrdersTab() {
  const userId = useAppSelector((s) => s.user.user?.id);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useOrdersQuery({ userId: userId!, page }, { skip: !userId });
  // The open order is read from the list, so a status change arriving live (the notification
  // stream reloads the list) shows in the open dialog's stepper too.
  const [openId, setOpenId] = useState<number | null>(null);
  const open = data?.items.find((o) => o.order_id === openId) ?? null;

  if (isLoading) {
    return <ListLoading />;
  }
  if (isError) return <LoadFailed onRetry={() => void refetch()} busy={isFetching} />;
  if (!data?.items.length) {
    return <ListEmpty message={MSG.noOrders} />;
  }
  return (
    <section aria-label="Orders">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {data.items.map((o) => (
          <li key={o.order_id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">Order #{o.order_id}</span>
                <OrderStatusBadge status={o.status} />
                {o.payment_status === 'paid' ? null : <PaymentStatusBadge status={o.payment_status} />}
              </p>
              <p className="mt-1 truncate text-sm text-slate-600">
                {formatDate(o.created_at)} · {o.products.map((p) => `${p.name} × ${p.quantity}`).join(', ')}
              </p>
            </div>
            <div className="flex items-center gap-4">
              <span className="text-right">
                <span className="block font-semibold text-ink">{formatUsd(o.total)}</span>
                {o.refunded > 0 ? <span className="block text-xs text-slate-600">{formatUsd(o.refunded)} refunded</span> : null}
              </span>
              <button
                type="button"
                onClick={() => setOpenId(o.order_id)}
                className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                aria-label={`View details of order ${o.order_id}`}
              >
                Details
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Order pages" />
      <OrderDetailsDialog order={open} onClose={() => setOpenId(null)} />
    </section>
  );
}
