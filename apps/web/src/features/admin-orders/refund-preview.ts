import { fromCents, toCents } from '@lbs/domain/money';
import { allocateRefund, lineNetShares, type RefundableOrder, type TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';

type Refunds = ReadonlyArray<Pick<TRefundJson, 'state' | 'amount' | 'lines'>> | undefined;

/**
 * The order as allocateRefund sees it (the rule the server applies), from what the screen has: the
 * order and, in the back office, its refunds with their lines (GET /order/admin/{id}/refunds), which
 * give what each line already gave back, pending refunds included as on the server. Without them
 * (the list has not answered) a line's refunded cents are estimated from its refunded units.
 */
export function toRefundableOrder(order: TOrder, refunds?: Refunds): RefundableOrder {
  const taking = refunds?.filter((r) => r.state !== 'failed');
  const units = new Map<number, number>();
  const cents = new Map<number, number>();
  for (const r of taking ?? []) {
    for (const l of r.lines) {
      units.set(l.order_line_id, (units.get(l.order_line_id) ?? 0) + l.quantity);
      cents.set(l.order_line_id, (cents.get(l.order_line_id) ?? 0) + toCents(l.amount));
    }
  }
  const base = {
    subtotalCents: toCents(order.subtotal),
    shippingCents: toCents(order.shipping_fee),
    discountCents: toCents(order.discount),
    totalCents: toCents(order.total),
    refundedCents: taking ? taking.reduce((sum, r) => sum + toCents(r.amount), 0) : toCents(order.refunded),
  };
  const lineTotals = order.products.map((l) => ({ orderLineId: l.order_line_id, quantity: l.quantity, lineTotalCents: toCents(l.price) * l.quantity }));
  const shares = lineNetShares({ totalCents: base.totalCents, lines: lineTotals.map((l) => ({ ...l, refundedQuantity: 0, refundedCents: 0 })) });
  return {
    ...base,
    lines: lineTotals.map((l, i) => {
      const refundedQuantity = taking ? (units.get(l.orderLineId) ?? 0) : order.products[i]!.refunded_quantity;
      const refundedCents = taking
        ? (cents.get(l.orderLineId) ?? 0)
        : refundedQuantity >= l.quantity
          ? shares[i]!
          : Math.floor((shares[i]! * refundedQuantity) / Math.max(1, l.quantity));
      return { ...l, refundedQuantity, refundedCents };
    }),
  };
}

/** Units of each line that can still go back, by order line id. */
export function unitsLeftByLine(refundable: RefundableOrder): Map<number, number> {
  return new Map(refundable.lines.map((l) => [l.orderLineId, Math.max(0, l.quantity - l.refundedQuantity)]));
}

/**
 * What refunding these units would give back, in dollars, for the dialog's confirm button: the
 * server's own allocation, so the button says what the refund will be. 0 when nothing valid is chosen.
 */
export function previewLinesRefund(refundable: RefundableOrder, quantities: ReadonlyMap<number, number>): number {
  const lines = [...quantities].filter(([, q]) => q > 0).map(([orderLineId, quantity]) => ({ orderLineId, quantity }));
  if (!lines.length) return 0;
  try {
    return fromCents(allocateRefund(refundable, { lines }).amountCents);
  } catch {
    return 0;
  }
}
