import { useEffect } from 'react';
import { Link } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { useAppDispatch } from '../../../lib/store-hooks';
import { cartActions } from '../../cart/cart-slice';
import { paths } from '../../../config/paths';
import { buttonClass } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api';

/** After payment: the spec's two lines, and the cart is emptied (stored items cleared, state reset). */
export function CheckoutSuccessPage() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(cartActions.clear());
    // The purchase added licences, an order, an invoice and notifications: refetch them.
    dispatch(api.util.invalidateTags(['Licenses', 'Orders', 'Invoices', 'Notifications']));
  }, [dispatch]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
        <CheckIcon className="h-8 w-8" />
      </span>
      <h1 className="text-2xl font-bold text-ink">{MSG.paymentSuccessful}</h1>
      <p className="text-slate-600">{MSG.checkEmailForDetails}</p>
      <Link to={paths.accounts.overview} className={buttonClass('primary')}>
        Go to my account
      </Link>
    </section>
  );
}
