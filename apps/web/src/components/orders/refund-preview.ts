import { fromCents, toCents } from '@lbs/domain/money';
import type { TOrder } from '@lbs/domain/responses';

/** Units of a line that can still go back. */
export const unitsLeft = (line: TOrder['products'][number]): number => Math.max(0, line.quantity - line.refunded_quantity);

/**
 * What refunding these units would give back, in dollars, for the dialog's confirm button. A
 * preview: the server allocates (and answers) the real amount.
 */
export function previewLinesRefund(order: TOrder, quantities: ReadonlyMap<number, number>): number {
  const subtotalCents = toCents(order.subtotal);
  const leftCents = Math.max(0, toCents(order.total) - toCents(order.refunded));
  if (subtotalCents <= 0) return 0;
  let cents = 0;
  for (const line of order.products) {
    const q = Math.min(quantities.get(line.order_line_id) ?? 0, unitsLeft(line));
    if (q <= 0) continue;
    // The line's share of what was charged (discount and shipping spread in proportion).
    cents += Math.round((toCents(line.price) * q * toCents(order.total)) / subtotalCents);
  }
  return fromCents(Math.min(cents, leftCents));
}
