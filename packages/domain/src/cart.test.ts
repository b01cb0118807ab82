import { describe, expect, it } from 'vitest';

import {
  addRenewal,
  addToCart,
  cartLineKey,
  decreaseQuantity,
  emptyCart,
  formatUsd,
  increaseQuantity,
  INITIAL_SHIPPING_FEE,
  MAX_LINE_QUANTITY,
  needsShipping,
  paymentProducts,
  recalc,
  removeFromCart,
  removeRenewal,
  replaceCart,
  restoreCartItems,
  roundMoney,
  setQuantity,
  setShippingFee,
  shippingRateProducts,
  totalQuantity,
  type CartState,
} from './cart';

function cartWith(...lines: [id: number, quantity: number][]): CartState {
  return lines.reduce((state, [id, quantity]) => addToCart(state, id, quantity), emptyCart());
}

describe('emptyCart', () => {
  it('starts with no items and the -100 "not quoted" fee', () => {
    expect(INITIAL_SHIPPING_FEE).toBe(-100);
    expect(emptyCart()).toEqual({
      items: [],
      shipping_fee: -100,
      totalCartPrice: 0,
      totalPrice: -100,
    });
  });
});

describe('addToCart', () => {
  it('builds a line from the catalogue', () => {
    const state = addToCart(emptyCart(), 2);
    expect(state.items).toEqual([
      {
        product_id: 2,
        name: 'Adhesion Roller',
        description: expect.any(String),
        icon: 'roller',
        key: 'adhesion_roller',
        price: 300,
        quantity: 1,
        stripe_price_id: 'adhesion_roller',
      },
    ]);
    expect(state.totalCartPrice).toBe(300);
    expect(state.totalPrice).toBe(200);
  });

  it('raises the quantity of an existing line', () => {
    const state = addToCart(addToCart(emptyCart(), 10), 10, 2);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(3);
    expect(state.totalCartPrice).toBe(120);
  });

  it('ignores unknown ids and bad quantities', () => {
    const start = addToCart(emptyCart(), 1);
    expect(addToCart(start, 99)).toBe(start);
    expect(addToCart(start, 1, 0)).toBe(start);
    expect(addToCart(start, 1, -2)).toBe(start);
    expect(addToCart(start, 1, 1.5)).toBe(start);
  });

  it('does not mutate the previous state', () => {
    const before = addToCart(emptyCart(), 1);
    const snapshot = JSON.parse(JSON.stringify(before)) as CartState;
    addToCart(before, 1);
    addToCart(before, 3);
    expect(before).toEqual(snapshot);
  });

  it('caps a line at the maximum quantity', () => {
    const state = addToCart(addToCart(emptyCart(), 1, MAX_LINE_QUANTITY), 1, 5);
    expect(state.items[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe('quantity changes', () => {
  it('removes a line', () => {
    const state = removeFromCart(cartWith([1, 1], [10, 1]), 1);
    expect(state.items.map((item) => item.product_id)).toEqual([10]);
    expect(state.totalCartPrice).toBe(40);
  });

  it('sets a quantity, removing at 0 or less, never adding', () => {
    const state = cartWith([1, 1], [11, 1]);
    expect(setQuantity(state, 1, 4).items[0]?.quantity).toBe(4);
    expect(setQuantity(state, 1, 4).totalCartPrice).toBe(4 * 220 + 150);
    expect(setQuantity(state, 1, 0).items.map((item) => item.product_id)).toEqual([11]);
    expect(setQuantity(state, 11, -3).items.map((item) => item.product_id)).toEqual([1]);
    expect(setQuantity(state, 3, 2)).toBe(state);
  });

  it('decreases, removing at 1, and increases', () => {
    const state = cartWith([12, 2]);
    const once = decreaseQuantity(state, 12);
    expect(once.items[0]?.quantity).toBe(1);
    expect(decreaseQuantity(once, 12).items).toEqual([]);
    expect(increaseQuantity(state, 12).items[0]?.quantity).toBe(3);
    expect(increaseQuantity(state, 13)).toBe(state);
  });
});

describe('totals', () => {
  it('adds the shipping fee to the items total', () => {
    const state = setShippingFee(cartWith([1, 2], [10, 1]), 21.5);
    expect(state.totalCartPrice).toBe(480);
    expect(state.totalPrice).toBe(501.5);
    expect(setShippingFee(state, 0).totalPrice).toBe(480);
    expect(setShippingFee(state, Number.NaN)).toBe(state);
  });

  it('rounds the items total to cents', () => {
    const state = recalc({
      items: [{ ...cartWith([1, 1]).items[0]!, price: 0.1, quantity: 3 }],
      shipping_fee: 0.2,
      totalCartPrice: 0,
      totalPrice: 0,
    });
    expect(state.totalCartPrice).toBe(0.3);
    expect(state.totalPrice).toBe(0.5);
  });

  it('replaces the cart wholesale and recomputes', () => {
    const other = cartWith([13, 1]);
    const state = replaceCart(setShippingFee(cartWith([1, 1]), 10), other.items);
    expect(state.items.map((item) => item.product_id)).toEqual([13]);
    expect(state.totalCartPrice).toBe(990);
    expect(state.totalPrice).toBe(1000);
    expect(state.items[0]).not.toBe(other.items[0]);
  });
});

describe('derived values', () => {
  it('counts units', () => {
    expect(totalQuantity(cartWith([1, 2], [10, 3]).items)).toBe(5);
    expect(totalQuantity([])).toBe(0);
  });

  it('needs shipping for accessories and the setup kit only', () => {
    expect(needsShipping(cartWith([10, 1], [11, 1], [12, 1]).items)).toBe(false);
    expect(needsShipping(cartWith([10, 1], [13, 1]).items)).toBe(true);
    expect(needsShipping(cartWith([2, 1]).items)).toBe(true);
    expect(needsShipping([])).toBe(false);
  });

  it('shapes the rate and payment lines', () => {
    const items = cartWith([1, 2], [10, 1]).items;
    expect(shippingRateProducts(items)).toEqual([
      { name: 'perforated_paper', quantity: 2 },
      { name: 'daily_license', quantity: 1 },
    ]);
    expect(paymentProducts(items)).toEqual([
      { price_id: 'perforated_paper', quantity: 2 },
      { price_id: 'daily_license', quantity: 1 },
    ]);
  });
});

describe('restoreCartItems', () => {
  it('answers [] for anything but an array', () => {
    expect(restoreCartItems(null)).toEqual([]);
    expect(restoreCartItems('[{"product_id":1}]')).toEqual([]);
    expect(restoreCartItems({ product_id: 1, quantity: 1 })).toEqual([]);
  });

  it('keeps catalogue lines, rebuilt from the catalogue', () => {
    const restored = restoreCartItems([
      { product_id: 1, quantity: 2, price: 0.01, name: 'hacked' },
      { product_id: 12, quantity: 1 },
    ]);
    expect(restored.map((item) => [item.product_id, item.quantity, item.price, item.name])).toEqual(
      [
        [1, 2, 220, 'Perforated Paper (4x6”)'],
        [12, 1, 1500, 'Yearly License'],
      ],
    );
  });

  it('drops malformed entries and merges duplicates', () => {
    const restored = restoreCartItems([
      null,
      7,
      { product_id: '1', quantity: 1 },
      { product_id: 99, quantity: 1 },
      { product_id: 2, quantity: 0 },
      { product_id: 2 },
      { product_id: 3, quantity: 1 },
      { product_id: 3, quantity: 2 },
    ]);
    expect(restored.map((item) => [item.product_id, item.quantity])).toEqual([[3, 3]]);
  });
});

describe('money re-exports', () => {
  it('are the money helpers', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(formatUsd(1500)).toBe('$1,500.00');
  });
});

describe('renewal lines', () => {
  const license = { id: '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b', key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567' };

  it('adds the plan once per licence, quantity 1, apart from a plain line of the same plan', () => {
    let cart = addToCart(emptyCart(), 11, 2);
    cart = addRenewal(cart, 11, license);
    cart = addRenewal(cart, 11, license);
    expect(cart.items).toHaveLength(2);
    const renewal = cart.items.find((item) => item.renews)!;
    expect(renewal).toMatchObject({ product_id: 11, quantity: 1, price: 150, renews: license.id, renews_key: 'ABCDE-FGHJ…' });
    expect(cart.totalCartPrice).toBe(450);
    expect(cartLineKey(renewal)).toBe(`renewal-${license.id}`);
    expect(cartLineKey(cart.items[0]!)).toBe('11');
  });

  it('leaves the renewal alone when the plain line of its plan changes', () => {
    let cart = addRenewal(addToCart(emptyCart(), 11, 1), 11, license);
    cart = increaseQuantity(cart, 11);
    expect(cart.items.map((i) => [i.renews ?? null, i.quantity])).toEqual([[null, 2], [license.id, 1]]);
    cart = removeFromCart(cart, 11);
    expect(cart.items.map((i) => i.renews)).toEqual([license.id]);
    cart = removeRenewal(cart, license.id);
    expect(cart.items).toEqual([]);
  });

  it('refuses plans that cannot renew: the setup kit and accessories', () => {
    expect(addRenewal(emptyCart(), 13, license).items).toEqual([]);
    expect(addRenewal(emptyCart(), 2, license).items).toEqual([]);
    expect(addRenewal(emptyCart(), 99, license).items).toEqual([]);
  });

  it('sends renews in the checkout payload', () => {
    const cart = addRenewal(addToCart(emptyCart(), 10, 1), 12, license);
    expect(paymentProducts(cart.items)).toEqual([
      { price_id: 'daily_license', quantity: 1 },
      { price_id: 'yearly_license', quantity: 1, renews: license.id },
    ]);
  });

  it('survives local storage: kept once, quantity 1, a licence id that is a UUID only', () => {
    const stored = JSON.parse(JSON.stringify(addRenewal(emptyCart(), 11, license).items)) as unknown[];
    const restored = restoreCartItems([...stored, { ...(stored[0] as object), quantity: 5 }, { product_id: 11, quantity: 1, renews: "1' or 1=1" }]);
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ product_id: 11, quantity: 1, renews: license.id, renews_key: 'ABCDE-FGHJ…', price: 150 });
  });
});
