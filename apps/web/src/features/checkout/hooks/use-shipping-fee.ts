import { useEffect, useState } from 'react';
import { INITIAL_SHIPPING_FEE, shippingRateProducts, type CartItem } from '@lbs/domain/cart';
import { useAppDispatch } from '../../../lib/store-hooks';
import { cartActions } from '../../cart/cart-slice';
import { useShippingRateMutation } from '../api';

/** Spec: the fee is asked for again this long after the zip, country or items change. */
const SHIPPING_FEE_DEBOUNCE_MS = 800;

export type FeeStatus = 'idle' | 'waiting' | 'failed';

/**
 * Keeps the cart's shipping fee in step with the address: 0 when nothing ships, the "not quoted"
 * -100 until a postal code and a country are given, then the server's quote 800 ms after the last
 * change (0 if the quote fails, as the spec says).
 */
export function useShippingFee(input: {
  needsShipping: boolean;
  zip: string;
  country: string;
  items: readonly CartItem[];
}): FeeStatus {
  const dispatch = useAppDispatch();
  const [quote] = useShippingRateMutation();
  const zip = input.zip.trim();
  const country = input.country.trim();
  const itemsKey = JSON.stringify(shippingRateProducts(input.items));
  // What the fee depends on; null while there is nothing to quote.
  const requestKey = input.needsShipping && zip && country ? `${zip}|${country}|${itemsKey}` : null;
  const [result, setResult] = useState<{ key: string; status: FeeStatus } | null>(null);

  useEffect(() => {
    if (!input.needsShipping) {
      dispatch(cartActions.setShippingFee(0));
      return;
    }
    dispatch(cartActions.setShippingFee(INITIAL_SHIPPING_FEE));
    if (!requestKey) return;
    let current = true;
    const timer = setTimeout(() => {
      quote({
        recipient: { postalCode: zip, countryCode: country },
        products: JSON.parse(itemsKey),
      })
        .unwrap()
        .then(({ fee }) => {
          if (!current) return;
          dispatch(cartActions.setShippingFee(fee));
          setResult({ key: requestKey, status: fee > 0 ? 'idle' : 'failed' });
        })
        .catch(() => {
          if (!current) return;
          dispatch(cartActions.setShippingFee(0));
          setResult({ key: requestKey, status: 'failed' });
        });
    }, SHIPPING_FEE_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input.needsShipping, requestKey, zip, country, itemsKey, dispatch, quote]);

  // Waiting from the change until the quote for exactly these inputs has come back.
  const status: FeeStatus =
    requestKey === null ? 'idle' : result?.key === requestKey ? result.status : 'waiting';
  return status;
}
