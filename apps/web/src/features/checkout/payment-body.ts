import { paymentProducts, type CartItem } from '@lbs/domain/cart';
import { roundMoney } from '@lbs/domain/money';
import { discountedTotal } from '@lbs/domain/promo';
import type { TOnePaymentBody, TShippingInfo } from '@lbs/domain/schemas';
import type { RenewalConsent } from './renewal-consent';

/**
 * The spec's one-payment payload: email, shipping_fee, discount, promo_code (only when applied),
 * products (price_id, quantity), total_amount (total minus discount, 2 decimals) and
 * shipping_info (only when something ships), and ours: billing_country (the shipping country, or
 * the one chosen for a licence-only order) and renew_automatically (only when ticked: the words
 * shown, which the server recomputes and stores with the consent). The server recomputes every figure.
 */
export function onePaymentBody(input: {
  email: string;
  items: readonly CartItem[];
  itemsTotal: number;
  shippingFee: number;
  needsShipping: boolean;
  discount: number;
  promoCode: string | null;
  shippingInfo: TShippingInfo;
  /** Licence-only orders: the billing country chosen (when something ships, the shipping country). */
  billingCountry: string;
  /** "Renew automatically" ticked: the words shown beside it; null or absent when not ticked. */
  renewAutomatically?: RenewalConsent | null;
}): TOnePaymentBody {
  const shippingFee = input.needsShipping ? Math.max(0, input.shippingFee) : 0;
  const billingCountry = input.needsShipping ? input.shippingInfo.country : input.billingCountry;
  return {
    email: input.email,
    shipping_fee: roundMoney(shippingFee),
    discount: roundMoney(input.discount),
    ...(input.promoCode ? { promo_code: input.promoCode } : {}),
    products: paymentProducts(input.items),
    total_amount: discountedTotal(input.itemsTotal, shippingFee, input.discount),
    ...(input.needsShipping ? { shipping_info: input.shippingInfo } : {}),
    ...(billingCountry ? { billing_country: billingCountry } : {}),
    ...(input.renewAutomatically ? { renew_automatically: { words: input.renewAutomatically.words, language: input.renewAutomatically.language } } : {}),
  };
}

/** The total can be shown once the fee is known: above 0 when something ships, else 0. */
export function shippingFeeKnown(needsShipping: boolean, fee: number): boolean {
  return needsShipping ? fee > 0 : fee === 0;
}
