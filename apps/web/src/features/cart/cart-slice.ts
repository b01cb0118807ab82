import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  addRenewal,
  addToCart,
  decreaseQuantity,
  emptyCart,
  increaseQuantity,
  removeFromCart,
  removeRenewal,
  replaceCart,
  restoreCartItems,
  setQuantity,
  setShippingFee,
  type CartItem,
  type CartState,
} from '@lbs/domain/cart';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { findProduct } from '@lbs/domain/catalogue';

// The rules live in the domain package; this slice stores the result and persists the items.
const persist = (state: CartState): CartState => {
  storage.set(STORAGE_KEYS.cartItems, JSON.stringify(state.items));
  return state;
};

/** Items restored only if the stored value is an array (spec §4). */
export function initialCartState(): CartState {
  let raw: unknown = null;
  try {
    raw = JSON.parse(storage.get(STORAGE_KEYS.cartItems) ?? 'null');
  } catch {
    raw = null;
  }
  return replaceCart(emptyCart(), restoreCartItems(raw));
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: emptyCart,
  reducers: {
    add: (s, a: PayloadAction<{ productId: number; quantity?: number }>) =>
      persist(addToCart(s, a.payload.productId, a.payload.quantity ?? 1)),
    remove: (s, a: PayloadAction<number>) => persist(removeFromCart(s, a.payload)),
    /** The account overview's Renew: the licence's plan, as a line renewing that licence. */
    addRenewal: (
      s,
      a: PayloadAction<{ productId: number; license: { id: string; key: string } }>,
    ) => persist(addRenewal(s, a.payload.productId, a.payload.license)),
    removeRenewal: (s, a: PayloadAction<string>) => persist(removeRenewal(s, a.payload)),
    setQuantity: (s, a: PayloadAction<{ productId: number; quantity: number }>) =>
      persist(setQuantity(s, a.payload.productId, a.payload.quantity)),
    increase: (s, a: PayloadAction<number>) => persist(increaseQuantity(s, a.payload)),
    decrease: (s, a: PayloadAction<number>) => persist(decreaseQuantity(s, a.payload)),
    setShippingFee: (s, a: PayloadAction<number>) => setShippingFee(s, a.payload),
    replace: (s, a: PayloadAction<CartItem[]>) => persist(replaceCart(s, a.payload)),
    clear: () => {
      storage.remove(STORAGE_KEYS.cartItems);
      return emptyCart();
    },
  },
});

export const cartActions = cartSlice.actions;

/**
 * A visitor who presses 'Add to Cart' or 'Purchase' is sent to sign up first (spec); what they
 * chose is kept and lands in their cart once they are signed in, with a word saying so, instead
 * of being dropped.
 */
export function keepForAfterSignIn(productId: number, quantity: number): void {
  storage.set(STORAGE_KEYS.pendingCartItem, JSON.stringify({ productId, quantity }));
}

export function takePendingCartItem(): { productId: number; quantity: number } | null {
  const raw = storage.get(STORAGE_KEYS.pendingCartItem);
  storage.remove(STORAGE_KEYS.pendingCartItem);
  try {
    const value = raw ? (JSON.parse(raw) as { productId?: unknown; quantity?: unknown }) : null;
    const productId = Number(value?.productId);
    const quantity = Number(value?.quantity ?? 1);
    // Stored by this app, but read back from the browser: only a product of the catalogue, a sane count.
    if (!findProduct(productId) || !Number.isInteger(quantity) || quantity < 1 || quantity > 100)
      return null;
    return { productId, quantity };
  } catch {
    return null;
  }
}
