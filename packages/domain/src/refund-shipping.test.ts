import { describe, expect, it } from 'vitest';
import { allocateRefund } from './refunds';
import { shippingInRefund } from './refund-shipping';

// A kit ($1,500) and 3 sheet packs ($60), $25.00 shipping: total $1,585.00.
const order = {
  subtotalCents: 156_000,
  shippingCents: 2_500,
  discountCents: 0,
  totalCents: 158_500,
  refundedCents: 0,
  lines: [
    { orderLineId: 1, quantity: 1, lineTotalCents: 150_000, refundedQuantity: 0, refundedCents: 0 },
    { orderLineId: 2, quantity: 3, lineTotalCents: 6_000, refundedQuantity: 0, refundedCents: 0 },
  ],
};

describe('shippingInRefund', () => {
  it('says how much of each refunded line is its share of the shipping', () => {
    const all = allocateRefund(order, { lines: [{ orderLineId: 1, quantity: 1 }, { orderLineId: 2, quantity: 3 }] });
    const parts = shippingInRefund(order, all.lines);
    // The whole order back: the whole shipping, shared as the lines' totals are.
    expect([...parts.values()].reduce((a, b) => a + b, 0)).toBe(2_500);
    expect(parts.get(1)).toBe(2_404);
    expect(parts.get(2)).toBe(96);
    // One sheet pack of three: a third of that line's shipping.
    const one = allocateRefund(order, { lines: [{ orderLineId: 2, quantity: 1 }] });
    expect(shippingInRefund(order, one.lines).get(2)).toBe(32);
  });

  it('says nothing for an order without shipping', () => {
    const free = { ...order, shippingCents: 0, totalCents: 156_000 };
    expect(shippingInRefund(free, allocateRefund(free, { amountCents: 1000 }).lines).size).toBe(0);
  });
});
