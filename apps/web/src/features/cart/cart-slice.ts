import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  addToCart,
  decreaseQuantity,
  emptyCart,
  increaseQuantity,
  removeFromCart,
  replaceCart,
  restoreCartItems,
  setQuantity,
  setShippingFee,
  type CartItem,
  type CartState,
} from '@lbs/domain/cart';
import { STORAGE_KEYS, storage } from '../../lib/storage';

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
