/** Every local-storage key the app uses (spec: user, selectedItem, selectedAccountsItem, selectedSettingsSubItem, cart_items, access token). */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'access_token',
  selectedItem: 'selectedItem',
  selectedAccountsItem: 'selectedAccountsItem',
  selectedSettingsSubItem: 'selectedSettingsSubItem',
  cartItems: 'cart_items',
  // What a visitor chose before signing up or in; added to the cart once they are (issue 13).
  pendingCartItem: 'pending_cart_item',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, quota); the app keeps working without it.
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* ignore */
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  clear(): void {
    try {
      localStorage.clear();
    } catch {
      /* ignore */
    }
  },
};
