import { useCallback } from 'react';
import { useNavigate } from '../../../lib/navigation';
import { MSG } from '@lbs/domain/messages';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { paths } from '../../../config/paths';
import { cartActions, keepForAfterSignIn } from '../../cart/cart-slice';

/**
 * The purchase click of the public pages (spec §4, §6): a signed-in visitor gets the product in
 * the cart and the toast; nobody signed in is sent to sign up.
 */
export function useAddToCart(): (productId: number, quantity?: number) => void {
  const signedIn = useAppSelector((s) => s.user.user !== null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (productId: number, quantity = 1) => {
      if (!signedIn) {
        keepForAfterSignIn(productId, quantity);
        navigate(paths.signup);
        return;
      }
      dispatch(cartActions.add({ productId, quantity }));
      // Loaded on demand: the toast library is not part of the landing page's first download.
      void import('react-toastify').then(({ toast }) => toast.success(MSG.productAddedToCart));
    },
    [signedIn, dispatch, navigate],
  );
}
