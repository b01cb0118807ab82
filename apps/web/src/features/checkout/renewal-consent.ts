import type { CartItem } from '@lbs/domain/cart';
import { findProduct } from '@lbs/domain/catalogue';
import { toCents } from '@lbs/domain/money';
import { renewalConsentWords, renewingLinesOf } from '@lbs/domain/renewals';
import type { TRenewalConsent } from '@lbs/domain/schemas';

/** What the checkout body carries when "Renew automatically" is ticked. */
export type RenewalConsent = TRenewalConsent;

/**
 * The "Renew automatically" words of a cart, or null when nothing in it recurs (a Daily pass, the
 * setup kit, accessories). Written by the domain's one function from the cart's own prices, as the
 * server recomputes them from its prices: words that differ are refused, as a total that differs is.
 */
export function renewalConsentOf(items: readonly CartItem[]): RenewalConsent | null {
  const lines = renewingLinesOf(
    items.map((item) => ({
      name: item.name,
      licenseType: findProduct(item.product_id)?.licenseType ?? null,
      unitPriceCents: toCents(item.price),
      quantity: item.quantity,
      renews: item.renews ?? null,
    })),
  );
  return lines.length ? { words: renewalConsentWords(lines, 'en'), language: 'en' } : null;
}
