import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { CartState } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import type { TUser } from '@lbs/domain/responses';
import type { TShippingInfo } from '@lbs/domain/schemas';
import { paths } from '../../../config/paths';
import { toApiError } from '../../../lib/api-error';
import { fullNavigation } from '../../../lib/full-navigation';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useCreateOnePaymentSessionMutation } from '../api';
import { onePaymentBody } from '../payment-body';
import type { RenewalConsent } from '../renewal-consent';
import { SHIPPING_FIELDS } from './use-shipping-details';

/**
 * Checkout, then the terms, then the payment provider: a problem on the way (the form, the
 * payment) is said in the page, an ended session signs in again and comes back.
 */
export function useCheckout({
  user,
  cart,
  needsShipping,
  form,
  promo,
  billing,
  renewAutomatically = null,
}: {
  user: TUser | null | undefined;
  cart: CartState;
  needsShipping: boolean;
  form: UseFormReturn<TShippingInfo>;
  promo: { discount: number; appliedCode: string | null };
  /** A licence-only order's billing country (required); when something ships, the shipping country is. */
  billing: { value: string; ref: { current: HTMLSelectElement | null } };
  /** "Renew automatically" ticked: the words shown beside it; null when not ticked or not offered. */
  renewAutomatically?: RenewalConsent | null;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const [createSession] = useCreateOnePaymentSessionMutation();
  const [paying, setPaying] = useState(false);

  async function checkout() {
    if (cart.items.length === 0) {
      toast.error(MSG.cartIsEmpty);
      return;
    }
    setProblem(null);
    if (needsShipping) {
      const values = form.getValues();
      const filled = SHIPPING_FIELDS.every((field) => String(values[field] ?? '').trim() !== '');
      if (!filled || !(cart.shipping_fee > 0)) {
        // The spec's words, in the page (an alert region), with the missing fields marked and
        // the first of them focused, as every other form here does.
        setProblem(MSG.completeTheForm);
        const valid = await form.trigger(undefined, { shouldFocus: true });
        // All fields valid but no fee yet: the postal code and country do not give one.
        if (valid) form.setFocus('zip');
        return;
      }
      if (!(await form.trigger(undefined, { shouldFocus: true }))) return;
    } else if (!billing.value) {
      setProblem(MSG.billingCountryRequired);
      billing.ref.current?.focus();
      return;
    }
    setTermsOpen(true);
  }

  async function confirm() {
    if (!user) return;
    setPaying(true);
    const body = onePaymentBody({
      email: user.email,
      items: cart.items,
      itemsTotal: cart.totalCartPrice,
      shippingFee: cart.shipping_fee,
      needsShipping,
      discount: promo.discount,
      promoCode: promo.appliedCode,
      shippingInfo: form.getValues(),
      billingCountry: billing.value,
      renewAutomatically,
    });
    try {
      const { url } = await createSession(body).unwrap();
      fullNavigation.assign(url);
    } catch (e) {
      const error = toApiError(e);
      console.error('Could not create the checkout session', error);
      if (error.status === 401) {
        // The session ended (signed out elsewhere, expired): sign in again and come back to
        // /shipping, where /signin leads. The cart stays in local storage.
        storage.remove(STORAGE_KEYS.user);
        storage.remove(STORAGE_KEYS.token);
        window.location.assign(paths.signin);
        return;
      }
      setPaying(false);
      setTermsOpen(false);
      // 409: a price, the total or the renewal words differ from the server's now: its words say which.
      setProblem(error.status === 409 ? error.message : MSG.paymentFailed);
    }
  }

  return { problem, termsOpen, closeTerms: () => setTermsOpen(false), paying, checkout, confirm };
}
