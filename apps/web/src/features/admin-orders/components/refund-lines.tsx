import { formatUsd } from '@lbs/domain/money';
import type { TOrder } from '@lbs/domain/responses';
import { QuantityInput } from '../../../components/ui/quantity-input';
import type { RefundForm } from '../hooks/use-refund-form';

/** Refund by items: units of each line up to what is left of it, and the amount as the server allocates it. */
export function RefundLines({ order, form }: { order: TOrder; form: RefundForm }) {
  const { formId, errors, unitsLeft } = form;
  return (
    <fieldset aria-describedby={errors.lines ? `${formId}-lines-error` : undefined}>
      <legend className="sr-only">Items to refund</legend>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {order.products.map((l) => {
          const max = unitsLeft.get(l.order_line_id) ?? 0;
          return (
            <li key={l.order_line_id} className="flex flex-wrap items-end justify-between gap-3 px-3 py-2.5">
              <span className="min-w-0">
                <span className="block font-medium text-ink">{l.name}</span>
                <span className="block text-slate-600">
                  {formatUsd(l.price)} each · {l.refunded_quantity ? `${l.refunded_quantity} of ${l.quantity} refunded` : `${l.quantity} bought`}
                </span>
              </span>
              {max > 0 ? (
                <QuantityInput of={l.name} value={form.quantities.get(l.order_line_id) ?? 0} max={max} onChange={(n) => form.setQuantity(l.order_line_id, n)} />
              ) : (
                <span className="text-slate-600">All refunded</span>
              )}
            </li>
          );
        })}
      </ul>
      {errors.lines ? (
        <p id={`${formId}-lines-error`} className="mt-1.5 text-sm text-red-700">
          {errors.lines}
        </p>
      ) : null}
      <p className="mt-2 text-right" aria-live="polite">
        Amount to refund: <strong className="tabular-nums text-ink">{formatUsd(form.amount)}</strong>
        <span className="block text-xs text-slate-500">Discount and shipping are shared across the items in proportion.</span>
      </p>
    </fieldset>
  );
}
