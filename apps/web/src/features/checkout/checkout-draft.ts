import { z } from 'zod';
import type { Coupon } from '@lbs/domain/promo';
import { ZCouponDiscount } from '@lbs/domain/responses';
import type { TShippingInfo } from '@lbs/domain/schemas';

/**
 * What a buyer has typed at checkout, kept for this browser session (sessionStorage: gone when
 * the tab closes, never card data): the shipping form and an applied promotion code survive a
 * reload and a 'Cancel' on the pay page. Read back defensively: the stored text is the browser's,
 * not ours to trust, and the server re-checks the code and recomputes every price anyway.
 */
const SHIPPING_KEY = 'checkout_shipping';
const PROMO_KEY = 'checkout_promo';

const ZStoredShipping = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
const ZStoredPromo = z.object({ code: z.string().min(1).max(100), coupon: ZCouponDiscount });

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the draft is a convenience, checkout works without it.
  }
}

export const checkoutDraft = {
  shipping: (): TShippingInfo | null => read(SHIPPING_KEY, ZStoredShipping),
  saveShipping: (values: TShippingInfo) => write(SHIPPING_KEY, values),
  promo: (): { code: string; coupon: Coupon } | null => read(PROMO_KEY, ZStoredPromo),
  savePromo: (promo: { code: string; coupon: Coupon } | null) => write(PROMO_KEY, promo),
  /** After a paid order: the next checkout starts fresh. */
  clear: () => {
    write(SHIPPING_KEY, null);
    write(PROMO_KEY, null);
  },
};
