import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateRefund,
  lineNetShares,
  paymentStatusAfterRefunds,
  REFUND_MSG,
  RefundAllocationError,
  remainingLines,
  splitInProportion,
  type RefundableOrder,
  type RefundAllocation,
} from './refunds';

/** An order as checkout makes them: lines at unit prices, a discount up to the subtotal, shipping. */
const arbOrder = fc
  .record({
    lines: fc.array(fc.record({ unit: fc.integer({ min: 0, max: 500_000 }), quantity: fc.integer({ min: 1, max: 12 }) }), { minLength: 1, maxLength: 6 }),
    shippingCents: fc.integer({ min: 0, max: 20_000 }),
    discountPct: fc.integer({ min: 0, max: 100 }),
  })
  .map(({ lines, shippingCents, discountPct }): RefundableOrder => {
    const subtotalCents = lines.reduce((a, l) => a + l.unit * l.quantity, 0);
    const discountCents = Math.floor((subtotalCents * discountPct) / 100);
    return {
      subtotalCents,
      shippingCents,
      discountCents,
      totalCents: subtotalCents + shippingCents - discountCents,
      refundedCents: 0,
      lines: lines.map((l, i) => ({ orderLineId: 100 + i, quantity: l.quantity, lineTotalCents: l.unit * l.quantity, refundedQuantity: 0, refundedCents: 0 })),
    };
  })
  .filter((o) => o.totalCents > 0);

/** The order after a refund is recorded, as the server's sums would show it. */
function applied(order: RefundableOrder, a: RefundAllocation): RefundableOrder {
  return {
    ...order,
    refundedCents: order.refundedCents + a.amountCents,
    lines: order.lines.map((l) => {
      const r = a.lines.find((x) => x.orderLineId === l.orderLineId);
      return r ? { ...l, refundedQuantity: l.refundedQuantity + r.quantity, refundedCents: l.refundedCents + r.amountCents } : l;
    }),
  };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

const ORDER: RefundableOrder = {
  subtotalCents: 10_000,
  shippingCents: 1_000,
  discountCents: 1_000,
  totalCents: 10_000,
  refundedCents: 0,
  lines: [
    { orderLineId: 1, quantity: 3, lineTotalCents: 3_000, refundedQuantity: 0, refundedCents: 0 },
    { orderLineId: 2, quantity: 1, lineTotalCents: 7_000, refundedQuantity: 0, refundedCents: 0 },
  ],
};

describe('allocateRefund', () => {
  it('shares discount and shipping in proportion and lets the last unit take the remainder', () => {
    expect(lineNetShares(ORDER)).toEqual([3_000, 7_000]);
    const one = allocateRefund({ ...ORDER, totalCents: 10_001 }, { lines: [{ orderLineId: 1, quantity: 1 }] });
    expect(one).toEqual({ amountCents: 1_000, lines: [{ orderLineId: 1, quantity: 1, amountCents: 1_000 }] });
    const all = allocateRefund({ ...ORDER, totalCents: 10_001 }, { lines: [{ orderLineId: 1, quantity: 3 }] });
    expect(all.amountCents).toBe(3_000);
  });

  it('spreads an amount over what is left on each line, as quantity 0 rows', () => {
    expect(allocateRefund(ORDER, { amountCents: 1_000 })).toEqual({
      amountCents: 1_000,
      lines: [
        { orderLineId: 1, quantity: 0, amountCents: 300 },
        { orderLineId: 2, quantity: 0, amountCents: 700 },
      ],
    });
  });

  it('refuses with the dialog’s words', () => {
    const refused = (req: Parameters<typeof allocateRefund>[1], o = ORDER) => {
      try {
        allocateRefund(o, req);
      } catch (err) {
        expect(err).toBeInstanceOf(RefundAllocationError);
        return (err as RefundAllocationError).detail;
      }
      return 'allowed';
    };
    expect(refused({ lines: [{ orderLineId: 9, quantity: 1 }] })).toBe(REFUND_MSG.unknownLine);
    expect(refused({ lines: [{ orderLineId: 1, quantity: 4 }] })).toBe(REFUND_MSG.quantityTooLarge);
    expect(refused({ lines: [{ orderLineId: 1, quantity: 2 }, { orderLineId: 1, quantity: 2 }] })).toBe(REFUND_MSG.quantityTooLarge);
    expect(refused({ lines: [] })).toBe(REFUND_MSG.nothingChosen);
    expect(refused({ amountCents: 10_001 })).toBe(REFUND_MSG.amountTooLarge);
    expect(refused({ amountCents: 0 })).toBe(REFUND_MSG.amountPositive);
    expect(refused({ amountCents: 1 }, { ...ORDER, refundedCents: 10_000 })).toBe(REFUND_MSG.amountTooLarge);
  });

  it('line shares add up to the order total', () => {
    fc.assert(
      fc.property(arbOrder, (order) => {
        const shares = lineNetShares(order);
        expect(sum(shares)).toBe(order.totalCents);
        expect(shares.every((s) => s >= 0)).toBe(true);
      }),
    );
  });

  it('refunding every unit of every line gives back exactly the total', () => {
    fc.assert(
      fc.property(arbOrder, (order) => {
        const a = allocateRefund(order, { lines: remainingLines(order) });
        expect(a.amountCents).toBe(order.totalCents);
        expect(sum(a.lines.map((l) => l.amountCents))).toBe(a.amountCents);
      }),
    );
  });

  it('any sequence of partial refunds (lines and amounts) never exceeds what is left and ends at exactly the total', () => {
    const arbStep = fc.oneof(
      fc.record({ kind: fc.constant('lines' as const), pick: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('amount' as const), part: fc.double({ min: 0, max: 1, noNaN: true }) }),
    );
    fc.assert(
      fc.property(arbOrder, fc.array(arbStep, { maxLength: 8 }), (start, steps) => {
        let order = start;
        for (const step of steps) {
          const left = order.totalCents - order.refundedCents;
          let a: RefundAllocation;
          try {
            if (step.kind === 'amount') {
              a = allocateRefund(order, { amountCents: Math.max(1, Math.floor(left * step.part)) });
            } else {
              const open = order.lines.filter((l) => l.quantity > l.refundedQuantity);
              if (open.length === 0) continue;
              const lines = [...new Map(step.pick.map(([i, q]) => {
                const l = open[i % open.length]!;
                return [l.orderLineId, { orderLineId: l.orderLineId, quantity: 1 + (q % (l.quantity - l.refundedQuantity)) }];
              })).values()];
              a = allocateRefund(order, { lines });
            }
          } catch (err) {
            expect(err).toBeInstanceOf(RefundAllocationError);
            continue;
          }
          expect(a.amountCents).toBeGreaterThan(0);
          expect(a.amountCents).toBeLessThanOrEqual(left);
          expect(sum(a.lines.map((l) => l.amountCents))).toBe(a.amountCents);
          const shares = lineNetShares(order);
          order = applied(order, a);
          order.lines.forEach((l, i) => {
            expect(l.refundedCents).toBeLessThanOrEqual(shares[i]!);
            expect(l.refundedQuantity).toBeLessThanOrEqual(l.quantity);
          });
        }
        const left = order.totalCents - order.refundedCents;
        if (left === 0) return;
        // Whatever happened, the rest is refundable in one go: by lines when units remain, else by amount.
        const rest = remainingLines(order).length ? allocateRefund(order, { lines: remainingLines(order) }) : allocateRefund(order, { amountCents: left });
        expect(rest.amountCents).toBeLessThanOrEqual(left);
        const end = applied(order, rest);
        const afterLines = end.totalCents - end.refundedCents;
        if (afterLines > 0) expect(allocateRefund(end, { amountCents: afterLines }).amountCents).toBe(afterLines);
        else expect(end.refundedCents).toBe(end.totalCents);
      }),
    );
  });

  it('splitInProportion adds up and gives zero weights nothing', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 10 }), (amount, weights) => {
        const shares = splitInProportion(amount, weights);
        expect(sum(shares)).toBe(amount);
        if (weights.some((w) => w > 0)) weights.forEach((w, i) => w === 0 && expect(shares[i]).toBe(0));
      }),
    );
  });

  it('payment state follows what was refunded', () => {
    expect(paymentStatusAfterRefunds(100, 0)).toBe('paid');
    expect(paymentStatusAfterRefunds(100, 1)).toBe('partially_refunded');
    expect(paymentStatusAfterRefunds(100, 100)).toBe('refunded');
  });
});

/**
 * Refunds recorded before refunds had lines (and provider refunds of an amount the order lines never
 * saw) count in the order's refundedCents but on no line: what is left on the lines is then more than
 * what is left on the order, and allocateRefund must give back no more than the order's rest.
 */
describe('allocateRefund after older refunds recorded without lines', () => {
  /** ORDER ($30 line ×3, $70 line ×1, total $100) after `cents` went back on no line. */
  const withLinelessRefund = (cents: number): RefundableOrder => ({ ...ORDER, refundedCents: cents });

  it('refunding every remaining unit gives back only what is left on the order, taken from the last lines', () => {
    const a = allocateRefund(withLinelessRefund(2_000), { lines: remainingLines(ORDER) });
    expect(a).toEqual({
      amountCents: 8_000,
      lines: [
        { orderLineId: 1, quantity: 3, amountCents: 3_000 },
        { orderLineId: 2, quantity: 1, amountCents: 5_000 },
      ],
    });
  });

  it('an excess larger than the last line is taken from the lines before it too', () => {
    const a = allocateRefund(withLinelessRefund(8_000), { lines: remainingLines(ORDER) });
    expect(a).toEqual({
      amountCents: 2_000,
      lines: [
        { orderLineId: 1, quantity: 3, amountCents: 2_000 },
        { orderLineId: 2, quantity: 1, amountCents: 0 },
      ],
    });
  });

  it('a lines refund that fits in what is left on the order is not cut', () => {
    expect(allocateRefund(withLinelessRefund(8_000), { lines: [{ orderLineId: 1, quantity: 2 }] })).toEqual({
      amountCents: 2_000,
      lines: [{ orderLineId: 1, quantity: 2, amountCents: 2_000 }],
    });
    // One cent more than is left: cut by exactly that cent.
    expect(allocateRefund(withLinelessRefund(8_001), { lines: [{ orderLineId: 1, quantity: 2 }] })).toEqual({
      amountCents: 1_999,
      lines: [{ orderLineId: 1, quantity: 2, amountCents: 1_999 }],
    });
  });

  it('an order refunded in full without lines refuses a lines refund as already refunded', () => {
    expect(() => allocateRefund(withLinelessRefund(10_000), { lines: remainingLines(ORDER) })).toThrowError(
      expect.objectContaining({ name: 'RefundAllocationError', detail: REFUND_MSG.alreadyRefunded }),
    );
  });

  it('an amount is capped by the order’s rest, not the lines’, and spread over the lines', () => {
    expect(() => allocateRefund(withLinelessRefund(2_000), { amountCents: 8_001 })).toThrowError(
      expect.objectContaining({ detail: REFUND_MSG.amountTooLarge }),
    );
    expect(allocateRefund(withLinelessRefund(2_000), { amountCents: 8_000 })).toEqual({
      amountCents: 8_000,
      lines: [
        { orderLineId: 1, quantity: 0, amountCents: 2_400 },
        { orderLineId: 2, quantity: 0, amountCents: 5_600 },
      ],
    });
  });

  it('whatever went back without lines, refunding the rest by lines gives back exactly the rest', () => {
    fc.assert(
      fc.property(arbOrder, fc.double({ min: 0, max: 1, noNaN: true }), (start, part) => {
        const lineless = Math.floor(start.totalCents * part);
        const order = { ...start, refundedCents: lineless };
        const left = order.totalCents - lineless;
        const shares = lineNetShares(order);
        let a: RefundAllocation;
        try {
          a = allocateRefund(order, { lines: remainingLines(order) });
        } catch (err) {
          expect(left).toBe(0);
          expect((err as RefundAllocationError).detail).toBe(REFUND_MSG.alreadyRefunded);
          return;
        }
        expect(a.amountCents).toBe(left);
        expect(sum(a.lines.map((l) => l.amountCents))).toBe(left);
        a.lines.forEach((l, i) => {
          expect(l.amountCents).toBeGreaterThanOrEqual(0);
          expect(l.amountCents).toBeLessThanOrEqual(shares[i]!);
        });
      }),
    );
  });
});
