import { useEffect } from 'react';
import { findProduct } from '@lbs/domain/catalogue';
import { useAppDispatch, useAppSelector } from '../lib/store-hooks';
import { cartActions, takePendingCartItem } from '../features/cart/cart-slice';

/** Mounted once at the root: adds the kept item as soon as someone is signed in. */
export function usePendingCartItem(): void {
  const signedIn = useAppSelector((s) => s.user.user !== null);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!signedIn) return;
    const pending = takePendingCartItem();
    if (!pending) return;
    dispatch(cartActions.add(pending));
    const name = findProduct(pending.productId)!.name;
    // Loaded on demand: the toast library is not part of the landing page's first download.
    void import('react-toastify').then(({ toast }) => toast.success(`Added ${name} to your cart`));
  }, [signedIn, dispatch]);
}
