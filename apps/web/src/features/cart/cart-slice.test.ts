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
});
