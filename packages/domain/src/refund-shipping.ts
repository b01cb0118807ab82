import { splitInProportion } from './refunds';

/** An order as far as its shipping's share of a refund goes. */
export interface ShippingOfOrder {
  totalCents: number;
  shippingCents: number;
  lines: ReadonlyArray<{ orderLineId: number; lineTotalCents: number }>;
}

/**
 * How much of each refunded line's amount is shipping, for the credit note to say so. A refund
 * shares the order's total (shipping included) over the lines in proportion to their line totals
 * (lineNetShares), so each line's share carries the same proportion of the shipping: a line's
 * refund is shipping in the ratio of its shipping share to its net share. Rounded to the cent,
 * never more than the line's amount; lines of an order without shipping carry none.
 */
export function shippingInRefund(order: ShippingOfOrder, refunded: ReadonlyArray<{ orderLineId: number; amountCents: number }>): Map<number, number> {
  const out = new Map<number, number>();
  if (order.shippingCents <= 0 || order.totalCents <= 0) return out;
  const weights = order.lines.map((l) => l.lineTotalCents);
  const net = splitInProportion(order.totalCents, weights);
  const shipping = splitInProportion(order.shippingCents, weights);
  const index = new Map(order.lines.map((l, i) => [l.orderLineId, i] as const));
  for (const r of refunded) {
    const i = index.get(r.orderLineId);
    if (i === undefined || net[i]! <= 0 || shipping[i]! <= 0 || r.amountCents <= 0) continue;
    const part = Math.min(r.amountCents, Math.round((r.amountCents * shipping[i]!) / net[i]!));
    if (part > 0) out.set(r.orderLineId, part);
  }
  return out;
}
