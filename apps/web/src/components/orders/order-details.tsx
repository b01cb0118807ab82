import { countryName } from '@lbs/domain/shipping';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { formatUsd } from '@lbs/domain/money';
import type { TOrder } from '@lbs/domain/responses';
import { formatCalendarDay, formatDate } from '../../lib/format-date';
import { CopyIcon } from '../ui/icons';
import { OrderStepper, statusLabel } from './order-status';
import { OrderPaymentSection, PaymentStatusBadge } from './payment-status';

export type Fact = [label: string, value: ReactNode];

/**
 * The order dialog's body (spec §2 Orders tab): order id, shipping name, city and country, the
 * shipment stepper, tracking details and the products. The customer sees the tracking read-only;
 * the back office passes its editor as `tracking` (the spec's admin flag) and more facts
 * (the buyer's email, the full address it ships to). Each feature puts it in its own dialog.
 */
export function OrderDetails({
  order,
  moreFacts = [],
  tracking,
  payment,
}: {
  order: TOrder;
  moreFacts?: Fact[];
  tracking?: ReactNode;
  /** The payment section; the customer's (state, refunds with their credit notes) unless given. */
  payment?: ReactNode;
}) {
  const s = order.shipping_info;
  return (
    <div className="space-y-6 text-sm">
      <Facts
        facts={[
          ['Order ID', String(order.order_id)],
          ['Placed', formatDate(order.created_at)],
          ['Shipping name', s?.name],
          ['City', s?.city],
          ['Country', s ? (countryName(s.country) ?? s.country) : undefined],
          ['Status', statusLabel(order.status)],
          ['Payment', <PaymentStatusBadge status={order.payment_status} />],
          ...moreFacts,
        ]}
      />

      <section aria-label="Shipment progress">
        <OrderStepper status={order.status} />
      </section>

      {tracking ?? <TrackingDetails order={order} />}

      <DetailSection id="products-heading" title="Products">
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
          {order.products.map((p) => (
            <li key={`${p.product_id}-${p.name}`} className="flex justify-between gap-3 px-3 py-2">
              <span>{p.name}</span>
              <span className="text-slate-600">
                × {p.quantity}
                {p.refunded_quantity ? <span className="ml-2">({p.refunded_quantity} refunded)</span> : null}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-right font-semibold text-ink">Total {formatUsd(order.total)}</p>
      </DetailSection>

      {payment ?? <OrderPaymentSection order={order} headingId="payment-heading" />}
    </div>
  );
}

/** Carrier, number, estimate and the tracking link with its copy action, read-only. */
function TrackingDetails({ order }: { order: TOrder }) {
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(MSG.trackingUrlCopied);
    } catch {
      toast.error(MSG.copyFailed);
    }
  };
  return (
    <DetailSection id="tracking-heading" title="Tracking">
      <Facts
        className="mt-2"
        facts={[
          ['Carrier', order.carrier_name],
          ['Tracking number', order.track_num],
          ['Estimated delivery', order.estimate_date && formatCalendarDay(order.estimate_date)],
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
  );
}

export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
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
function Facts({ facts, className = '' }: { facts: Fact[]; className?: string }) {
  return (
    <dl className={`${className} grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2`.trim()}>
      {facts.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 sm:block">
          <dt className="shrink-0 whitespace-nowrap text-slate-500">{label}</dt>
          <dd className="min-w-0 text-right font-medium text-ink [overflow-wrap:anywhere] sm:text-left">{value || '--'}</dd>
        </div>
      ))}
    </dl>
  );
}
