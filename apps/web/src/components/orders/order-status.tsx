import { isOrderClosed, ORDER_STATUSES, orderStatusStep } from '@lbs/domain/statuses';
import { CheckIcon } from '../ui/icons';

/** 'shipped' → 'Shipped'. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

const STATUS_TONE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800',
  processing: 'bg-sky-50 text-sky-800',
  shipped: 'bg-brand-50 text-brand-700',
  delivered: 'bg-emerald-50 text-emerald-700',
  cancelling: 'bg-orange-50 text-orange-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** An order's fulfilment status as a coloured pill (the word carries the meaning, not the colour). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? 'bg-slate-100 text-slate-700'}`}>
      {statusLabel(status)}
    </span>
  );
}

/** The spec's four-step progress bar: every step up to the current status is complete. */
export function OrderStepper({ status }: { status: string }) {
  // A cancelled order has no progress to show: it says so instead of a bar stuck at a step.
  if (isOrderClosed(status)) {
    return (
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {status === 'cancelled' ? 'Cancelled: nothing more will be shipped or delivered.' : 'Cancelling: the refund is on its way; nothing more will be shipped.'}
      </p>
    );
  }
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
                done ? 'bg-brand-600 text-white' : 'border-2 border-slate-300 bg-white text-slate-500'
              }`}
            >
              {done ? <CheckIcon className="h-4 w-4" /> : i + 1}
            </span>
            <span className={`mt-2 text-xs font-medium ${done ? 'text-ink' : 'text-slate-500'}`}>
              {statusLabel(s)}
              <span className="sr-only">{done ? ' (complete)' : ' (to come)'}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
