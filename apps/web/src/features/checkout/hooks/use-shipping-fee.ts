import { useEffect, useState } from 'react';
import { INITIAL_SHIPPING_FEE, shippingRateProducts, type CartItem } from '@lbs/domain/cart';
import { useAppDispatch } from '../../../app/store';
import { cartActions } from '../../cart/cart-slice';
import { useShippingRateMutation } from '../api';

/** Spec: the fee is asked for again this long after the zip, country or items change. */
export const SHIPPING_FEE_DEBOUNCE_MS = 800;

export type FeeStatus = 'idle' | 'waiting' | 'failed';

/**
 * Keeps the cart's shipping fee in step with the address: 0 when nothing ships, the "not quoted"
 * -100 until a postal code and a country are given, then the server's quote 800 ms after the last
 * change (0 if the quote fails, as the spec says).
 */
export function useShippingFee(input: { needsShipping: boolean; zip: string; country: string; items: readonly CartItem[] }): FeeStatus {
  const dispatch = useAppDispatch();
  const [quote] = useShippingRateMutation();
  const [status, setStatus] = useState<FeeStatus>('idle');
  const zip = input.zip.trim();
  const country = input.country.trim();
  const itemsKey = JSON.stringify(shippingRateProducts(input.items));

  useEffect(() => {
    if (!input.needsShipping) {
      dispatch(cartActions.setShippingFee(0));
      setStatus('idle');
      return;
    }
    dispatch(cartActions.setShippingFee(INITIAL_SHIPPING_FEE));
    if (!zip || !country) {
      setStatus('idle');
      return;
    }
    setStatus('waiting');
    let current = true;
    const timer = setTimeout(() => {
      quote({ recipient: { postalCode: zip, countryCode: country }, products: JSON.parse(itemsKey) })
        .unwrap()
        .then(({ fee }) => {
          if (!current) return;
          dispatch(cartActions.setShippingFee(fee));
          setStatus(fee > 0 ? 'idle' : 'failed');
        })
        .catch(() => {
          if (!current) return;
          dispatch(cartActions.setShippingFee(0));
          setStatus('failed');
        });
    }, SHIPPING_FEE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input.needsShipping, zip, country, itemsKey, dispatch, quote]);

  return status;
}
