import { beforeEach, describe, expect, it } from 'vitest';
import { cartActions, cartSlice, initialCartState } from './cart-slice';

const reduce = cartSlice.reducer;

describe('cart slice', () => {
  beforeEach(() => localStorage.clear());

  it('saves the items to local storage on every change', () => {
    let s = reduce(initialCartState(), cartActions.add({ productId: 12 }));
    s = reduce(s, cartActions.add({ productId: 2 }));
    const stored = JSON.parse(localStorage.getItem('cart_items')!);
    expect(stored.map((i: { product_id: number }) => i.product_id)).toEqual([12, 2]);
    s = reduce(s, cartActions.remove(12));
    expect(JSON.parse(localStorage.getItem('cart_items')!)).toHaveLength(1);
    expect(s.totalCartPrice).toBe(300);
  });

  it('restores stored items only if they are an array', () => {
    localStorage.setItem('cart_items', JSON.stringify({ product_id: 12 }));
    expect(initialCartState().items).toEqual([]);
    localStorage.setItem('cart_items', 'garbage');
    expect(initialCartState().items).toEqual([]);
    localStorage.setItem('cart_items', JSON.stringify([{ product_id: 12, quantity: 2 }]));
    expect(initialCartState().items).toHaveLength(1);
  });

  it('starts with the shipping fee at -100 and clears storage when emptied', () => {
    let s = reduce(initialCartState(), cartActions.add({ productId: 10 }));
    expect(s.shipping_fee).toBe(-100);
    s = reduce(s, cartActions.clear());
    expect(s.items).toEqual([]);
    expect(localStorage.getItem('cart_items')).toBeNull();
  });

  it('keeps a renewal line across a reload, without the full key, and removes it by licence', () => {
    const license = { id: '0b6f5c1e-2d3a-4b5c-9d8e-7f6a5b4c3d2e', key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567' };
    let s = reduce(initialCartState(), cartActions.add({ productId: 11 }));
    s = reduce(s, cartActions.addRenewal({ productId: 11, license }));
    expect(localStorage.getItem('cart_items')).not.toContain(license.key);
    const reloaded = initialCartState();
    expect(reloaded.items.map((i) => [i.product_id, i.renews ?? null, i.renews_key ?? null])).toEqual([
      [11, null, null],
      [11, license.id, 'ABCDE-FGHJ…'],
    ]);
    expect(reloaded.totalCartPrice).toBe(300);
    s = reduce(s, cartActions.removeRenewal(license.id));
    expect(s.items.map((i) => i.renews ?? null)).toEqual([null]);
    expect(initialCartState().items).toHaveLength(1);
  });
});
