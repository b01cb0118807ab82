import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { isRenewableLicenseType } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { paths } from '../../../config/paths';
import { useAppDispatch } from '../../../lib/store-hooks';
import { cartActions } from '../../cart/cart-slice';
import type { License } from '../api';

/**
 * A revoked key, the setup kit's key and admin custom keys have no plan to renew with. A key whose
 * automatic renewal is due is paid with Pay now, on that renewal's own order: the cart refuses it.
 */
export const canRenew = (l: License) => !l.revoked && isRenewableLicenseType(l.type) && !l.renewal_due;

/**
 * Renew: the licence's own plan goes in the cart as a renewal of that licence, and the customer
 * lands on the cart to pay for it (the server extends the same key once the payment is in).
 */
export function useRenew() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (l: License) => {
    const plan = findPlanByLicenseType(l.type);
    if (!plan || !canRenew(l)) return;
    dispatch(cartActions.addRenewal({ productId: plan.id, license: { id: l._id, key: l.license_key } }));
    toast.success(MSG.productAddedToCart);
    navigate(paths.shipping);
  };
}
