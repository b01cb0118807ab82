import { findProduct, type CatalogueProduct } from './catalogue';
import { isRenewableLicenseType, truncateKey } from './license-terms';
import { roundMoney } from './money';

export { formatUsd, fromCents, roundMoney, toCents } from './money';

export interface CartItem {
  product_id: number;
  name: string;
  description: string;
  icon: string;
  /** Catalogue key; the shipping-rate line name. */
  key: string;
  /** USD per unit. */
  price: number;
  quantity: number;
  /** The payment provider's price identifier; our catalogue key (the server maps it). */
  stripe_price_id: string;
  /**
   * A renewal line: the id of the licence it extends by one term (sent as products[].renews).
   * Such a line always has quantity 1 and is kept apart from a plain line of the same plan.
   */
  renews?: string;
  /** The renewed key as shown ('ABCDE-FGHI…'); the full key is not kept in the browser's storage. */
  renews_key?: string;
}

export interface CartState {
  items: CartItem[];
  /** USD; INITIAL_SHIPPING_FEE until a rate is known. */
  shipping_fee: number;
  totalCartPrice: number;
  totalPrice: number;
}

/** The spec's "not quoted yet" fee. */
export const INITIAL_SHIPPING_FEE = -100;

/** Most units of one product in one order; the checkout schema allows the same. */
export const MAX_LINE_QUANTITY = 1000;

export function emptyCart(): CartState {
  return {
    items: [],
    shipping_fee: INITIAL_SHIPPING_FEE,
    totalCartPrice: 0,
    totalPrice: INITIAL_SHIPPING_FEE,
  };
}

function cartLineFromProduct(product: CatalogueProduct, quantity: number): CartItem {
  return {
    product_id: product.id,
    name: product.name,
    description: product.description,
    icon: product.icon,
    key: product.key,
    price: product.price,
    quantity: clampQuantity(quantity),
    stripe_price_id: product.key,
  };
}

/** A plain line (not a renewal) of this product: the one the quantity actions work on. */
const isPlainLine = (item: CartItem, productId: number) => item.product_id === productId && !item.renews;

/** Stable identity of a line: its product, or the licence a renewal line renews. */
export function cartLineKey(item: Pick<CartItem, 'product_id' | 'renews'>): string {
  return item.renews ? `renewal-${item.renews}` : String(item.product_id);
}

export function lineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return roundMoney(item.price * item.quantity);
}

/** Recomputes both totals: items total rounded to cents, plus the shipping fee. */
export function recalc(state: CartState): CartState {
  const totalCartPrice = roundMoney(
    state.items.reduce((sum, item) => sum + item.price * item.quantity, 0),
  );
  return { ...state, totalCartPrice, totalPrice: roundMoney(totalCartPrice + state.shipping_fee) };
}

/** Adds a catalogue product or raises its line's quantity; unknown ids and bad quantities are ignored. */
export function addToCart(state: CartState, productId: number, quantity = 1): CartState {
  if (!Number.isInteger(quantity) || quantity <= 0) return state;
  const product = findProduct(productId);
  if (!product) return state;
  const existing = state.items.find((item) => isPlainLine(item, productId));
  const items = existing
    ? state.items.map((item) =>
        isPlainLine(item, productId)
          ? { ...item, quantity: clampQuantity(item.quantity + quantity) }
          : item,
      )
    : [...state.items, cartLineFromProduct(product, quantity)];
  return recalc({ ...state, items });
}

export function removeFromCart(state: CartState, productId: number): CartState {
  if (!state.items.some((item) => isPlainLine(item, productId))) return state;
  return recalc({ ...state, items: state.items.filter((item) => !isPlainLine(item, productId)) });
}

/**
 * Adds a line renewing one licence with the same plan (one term, quantity 1). Only a renewable
 * plan (day, month, year) can; the same licence is never in the cart twice.
 */
export function addRenewal(state: CartState, productId: number, license: { id: string; key: string }): CartState {
  const product = findProduct(productId);
  if (!product || !isRenewableLicenseType(product.licenseType)) return state;
  if (state.items.some((item) => item.renews === license.id)) return state;
  const line: CartItem = { ...cartLineFromProduct(product, 1), renews: license.id, renews_key: truncateKey(license.key) };
  return recalc({ ...state, items: [...state.items, line] });
}

export function removeRenewal(state: CartState, licenseId: string): CartState {
  if (!state.items.some((item) => item.renews === licenseId)) return state;
  return recalc({ ...state, items: state.items.filter((item) => item.renews !== licenseId) });
}

/** Sets a line's quantity; 0 or less removes it. Does not add missing lines. */
export function setQuantity(state: CartState, productId: number, quantity: number): CartState {
  if (Number.isNaN(quantity)) return state;
  if (quantity <= 0) return removeFromCart(state, productId);
  if (!state.items.some((item) => isPlainLine(item, productId))) return state;
  return recalc({
    ...state,
    items: state.items.map((item) =>
      isPlainLine(item, productId) ? { ...item, quantity: clampQuantity(quantity) } : item,
    ),
  });
}

/** One less; at 1 the line goes. */
export function decreaseQuantity(state: CartState, productId: number): CartState {
  const item = state.items.find((line) => isPlainLine(line, productId));
  if (!item) return state;
  return setQuantity(state, productId, item.quantity - 1);
}

export function increaseQuantity(state: CartState, productId: number): CartState {
  const item = state.items.find((line) => isPlainLine(line, productId));
  if (!item) return state;
  return setQuantity(state, productId, item.quantity + 1);
}

export function setShippingFee(state: CartState, fee: number): CartState {
  if (!Number.isFinite(fee)) return state;
  return recalc({ ...state, shipping_fee: roundMoney(fee) });
}

/** Replaces every line (pass stored data through restoreCartItems first). */
export function replaceCart(state: CartState, items: readonly CartItem[]): CartState {
  return recalc({ ...state, items: items.map((item) => ({ ...item })) });
}

export function totalQuantity(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Some line is physical per the catalogue: an accessory or the setup kit (DESIGN §4). */
export function needsShipping(items: readonly CartItem[]): boolean {
  return items.some(
    (item) => item.quantity > 0 && findProduct(item.product_id)?.shippable === true,
  );
}

/** Body lines for POST /shipping/rates. */
export function shippingRateProducts(
  items: readonly CartItem[],
): { name: string; quantity: number }[] {
  return items.map((item) => ({ name: item.key, quantity: item.quantity }));
}

/** Body lines for the one-payment checkout call. */
export function paymentProducts(
  items: readonly CartItem[],
): { price_id: string; quantity: number; renews?: string }[] {
  return items.map((item) => ({
    price_id: item.stripe_price_id,
    quantity: item.quantity,
    ...(item.renews ? { renews: item.renews } : {}),
  }));
}

/** The shape of a licence id (a UUID), checked before a stored renewal line is kept. */
const LICENSE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Cart lines from local storage. Anything but an array gives []. Each entry needs a catalogue
 * product_id and a positive quantity, else it is dropped; kept lines are rebuilt from the
 * catalogue (so a stale or edited stored price never reaches the cart) and duplicates merged.
 * A renewal line keeps its licence id (a UUID, of a renewable plan), once, with quantity 1.
 */
export function restoreCartItems(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  let state: CartState = emptyCart();
  for (const entry of raw as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const {
      product_id: productId,
      quantity,
      renews,
      renews_key: renewsKey,
    } = entry as { product_id?: unknown; quantity?: unknown; renews?: unknown; renews_key?: unknown };
    if (typeof productId !== 'number' || typeof quantity !== 'number') continue;
    if (!Number.isFinite(quantity) || quantity < 1) continue;
    if (renews !== undefined) {
      if (typeof renews !== 'string' || !LICENSE_ID_PATTERN.test(renews)) continue;
      state = addRenewal(state, productId, { id: renews, key: typeof renewsKey === 'string' ? renewsKey : '' });
      continue;
    }
    const product = findProduct(productId);
    if (!product) continue;
    const existing = state.items.find((line) => isPlainLine(line, productId));
    if (existing) existing.quantity = clampQuantity(existing.quantity + quantity);
    else state.items.push(cartLineFromProduct(product, quantity));
  }
  return state.items;
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
}
