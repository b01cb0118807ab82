import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { ListEmpty, ListLoading } from './list-status';
import { ORDER_STATUSES, orderStatusStep } from '@lbs/domain/statuses';
import { formatUsd } from '@lbs/domain/money';
import { pageCount } from '@lbs/domain/paging';
import { CheckIcon } from '../../../components/ui/icons';
import { Pager } from '../../../components/ui/pager';
import { useAppSelector } from '../../../lib/store-hooks';
import { useOrdersQuery, type Order } from '../api';
import { Dialog } from '../../../components/ui/dialog';
import { CopyIcon } from '../components/account-icons';
import { formatDate } from '../format';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const STATUS_TONE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800',
  processing: 'bg-sky-50 text-sky-800',
  shipped: 'bg-brand-50 text-brand-700',
  delivered: 'bg-emerald-50 text-emerald-700',
};

export function OrdersTab() {
  const userId = useAppSelector((s) => s.user.user?.id);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useOrdersQuery({ userId: userId!, page }, { skip: !userId });
  const [open, setOpen] = useState<Order | null>(null);

  if (isLoading) {
    return <ListLoading />;
  }
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
                <StatusBadge status={o.status} />
              </p>
              <p className="mt-1 truncate text-sm text-slate-600">
                {formatDate(o.created_at)} · {o.products.map((p) => `${p.name} × ${p.quantity}`).join(', ')}
              </p>
            </div>
            <div className="flex items-center gap-4">
              <span className="font-semibold text-ink">{formatUsd(o.total)}</span>
              <button
                type="button"
                onClick={() => setOpen(o)}
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
      <OrderDialog order={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? 'bg-slate-100 text-slate-700'}`}>
      {capitalise(status)}
    </span>
  );
}

/** Four steps; every step up to the current status is complete. */
function Stepper({ status }: { status: string }) {
  const current = orderStatusStep(status);
  return (
    <ol className="grid grid-cols-4" aria-label="Shipment progress">
      {ORDER_STATUSES.map((s, i) => {
        const done = i <= current;
        return (
          <li key={s} className="relative flex flex-col items-center text-center" aria-current={i === current ? 'step' : undefined}>
            {i > 0 ? (
              <span className={`absolute right-1/2 top-4 h-1 w-full -translate-y-1/2 ${i <= current ? 'bg-brand-600' : 'bg-slate-200'}`} aria-hidden />
            ) : null}
            <span
              className={`relative z-10 inline-flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${
                done ? 'bg-brand-600 text-white' : 'border-2 border-slate-300 bg-white text-slate-400'
              }`}
            >
              {done ? <CheckIcon className="h-4 w-4" /> : i + 1}
            </span>
            <span className={`mt-2 text-xs font-medium ${done ? 'text-ink' : 'text-slate-500'}`}>
              {capitalise(s)}
              <span className="sr-only">{done ? ' (complete)' : ' (to come)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function OrderDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const s = order?.shipping_info;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(MSG.trackingUrlCopied);
    } catch {
      toast.error(MSG.copyFailed);
    }
  };
  return (
    <Dialog open={order !== null} onClose={onClose} title={order ? `Order #${order.order_id}` : 'Order'} wide>
      {order ? (
        <div className="space-y-6 text-sm">
          <Facts
            facts={[
              ['Order ID', String(order.order_id)],
              ['Placed', formatDate(order.created_at)],
              ['Shipping name', s?.name],
              ['City', s?.city],
              ['Country', s?.country],
              ['Status', capitalise(order.status)],
            ]}
          />

          <section aria-label="Shipment progress">
            <Stepper status={order.status} />
          </section>

          <DetailSection id="tracking-heading" title="Tracking">
            <Facts
              className="mt-2"
              facts={[
                ['Carrier', order.carrier_name],
                ['Tracking number', order.track_num],
                ['Estimated delivery', order.estimate_date],
              ]}
            />
            {order.track_url ? (
              <div className="mt-3 flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2">
                <a href={order.track_url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 truncate text-brand-700 underline">
                  {order.track_url}
                </a>
                <button
                  type="button"
                  onClick={() => copy(order.track_url)}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                  aria-label="Copy tracking URL"
                >
                  <CopyIcon className="h-4 w-4" />
                  Copy
                </button>
              </div>
            ) : null}
          </DetailSection>

          <DetailSection id="products-heading" title="Products">
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {order.products.map((p) => (
                <li key={`${p.product_id}-${p.name}`} className="flex justify-between gap-3 px-3 py-2">
                  <span>{p.name}</span>
                  <span className="text-slate-600">× {p.quantity}</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-right font-semibold text-ink">Total {formatUsd(order.total)}</p>
          </DetailSection>
        </div>
      ) : null}
    </Dialog>
  );
}

function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Labelled values, two columns from 640px; a value not known yet shows as '--'. */
function Facts({ facts, className = '' }: { facts: Array<[label: string, value: string | null | undefined]>; className?: string }) {
  return (
    <dl className={`${className} grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2`.trim()}>
      {facts.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 sm:block">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium text-ink">{value || '--'}</dd>
        </div>
      ))}
    </dl>
  );
}
