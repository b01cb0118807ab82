import { formatUsd } from '@lbs/domain/money';
import type { TRefundBody, TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useRefundForm } from '../hooks/use-refund-form';
import { RefundLines } from './refund-lines';
import { REFUND_DIALOG_TEXT } from './refund-text';

const MODES = [
  ['lines', 'By items'],
  ['amount', 'By amount'],
] as const;

/**
 * Money back on one paid order (DESIGN §6.2): by items (units of each line, up to what is left of
 * it; the amount previewed as the server allocates it) or by an amount (up to what is left), with a
 * reason. The refund's id is made when the dialog opens and sent with every try, so a double click
 * or a retry after a lost answer meets the same refund and money goes back once; a refund the
 * provider refused gets a new id, so trying again is a new refund.
 */
export function RefundDialog({
  order,
  refunds,
  onClose,
  onRefund,
}: {
  order: TOrder | null;
  /** The order's refunds with their lines (back office), for an exact preview; optional. */
  refunds?: readonly TRefundJson[];
  onClose: () => void;
  onRefund: (orderId: number, body: TRefundBody) => Promise<TRefundJson>;
}) {
  const form = useRefundForm(order, refunds, onRefund);
  const { formId, answer, busy, amount, left, errors } = form;

  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Refund order #${order.order_id}` : 'Refund'}
      wide
      footer={
        answer ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant="danger" disabled={busy}>
              {busy ? 'Refunding…' : amount > 0 && amount <= left ? `Refund ${formatUsd(amount)}` : 'Refund'}
            </Button>
          </>
        )
      }
    >
      {order && answer ? (
        answer.state === 'succeeded' ? (
          <FormAlert tone="success">{REFUND_DIALOG_TEXT.succeeded(answer.amount, answer.credit_note)}</FormAlert>
        ) : (
          <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {REFUND_DIALOG_TEXT.pending}
          </p>
        )
      ) : order ? (
        <form id={formId} noValidate onSubmit={(e) => void form.submit(e)} className="space-y-4 text-sm text-slate-700">
          {form.failure ? <FormAlert>{form.failure}</FormAlert> : null}
          <p>
            Paid {formatUsd(order.total)}, refunded {formatUsd(form.refunded)}: <strong className="text-ink">{formatUsd(left)} left to refund</strong>.
          </p>
          <fieldset>
            <legend className="mb-1.5 font-medium text-slate-700">Refund</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {MODES.map(([value, label]) => (
                <label key={value} className="inline-flex min-h-9 items-center gap-2">
                  <input
                    type="radio"
                    name={`${formId}-mode`}
                    value={value}
                    className="h-4 w-4 accent-brand-600"
                    checked={form.mode === value}
                    onChange={() => form.chooseMode(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          {form.mode === 'lines' ? (
            <RefundLines order={order} form={form} />
          ) : (
            <TextField
              label="Amount (USD)"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={form.amountText}
              hint={`Up to ${formatUsd(left)}. Money only: no item or licence is taken back.`}
              error={errors.amount}
              onChange={(e) => form.setAmountText(e.target.value)}
            />
          )}

          <TextAreaField label="Reason" rows={3} required value={form.reason} error={errors.reason} onChange={(e) => form.setReason(e.target.value)} />
        </form>
      ) : null}
    </Dialog>
  );
}
