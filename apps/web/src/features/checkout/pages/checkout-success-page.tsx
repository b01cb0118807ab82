import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { isLicenseProductId } from '@lbs/domain/catalogue';
import { formatUsd } from '@lbs/domain/money';
import { MSG } from '@lbs/domain/messages';
import type { TOrder } from '@lbs/domain/responses';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { cartActions } from '../../cart/cart-slice';
import { paths } from '../../../config/paths';
import { buttonClass } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { api } from '../../../lib/api';
import { useCheckoutOrderQuery } from '../api';
import { checkoutDraft } from '../checkout-draft';

// A Stripe webhook can land a moment after the buyer is sent back: ask again until it has.
const CONFIRM_POLL_MS = 2000;

/**
 * After payment (?session_id= from the pay page or Stripe): the order, what was bought and where
 * the keys are, once the server confirms the payment; only then is the cart emptied. Opened
 * without a checkout of this customer's, a neutral page that leaves the cart alone.
 */
export function CheckoutSuccessPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const signedIn = useAppSelector((s) => s.user.user !== null);
  const sessionId = params.get('session_id');
  const query = useCheckoutOrderQuery(sessionId && signedIn ? sessionId : skipToken);
  const order = query.data;
  const confirmed = order?.payment_status === 'paid';
  const { refetch } = query;

  useEffect(() => {
    if (!order || confirmed) return;
    const timer = setTimeout(() => void refetch(), CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [order, confirmed, refetch]);

  useEffect(() => {
    if (!confirmed) return;
    dispatch(cartActions.clear());
    checkoutDraft.clear();
    // The purchase added licences, an order, an invoice and notifications: refetch them.
    dispatch(api.util.invalidateTags(['Licenses', 'Orders', 'Invoices', 'Notifications']));
  }, [confirmed, dispatch]);

  if (!sessionId || !signedIn || query.isError || order?.payment_status === 'failed')
    return <NothingToConfirm />;
  if (!confirmed) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <span
          className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
          aria-hidden
        />
        <p role="status" className="text-slate-700">
          Confirming your payment…
        </p>
      </section>
    );
  }
  return <OrderConfirmed order={order} />;
}

function OrderConfirmed({ order }: { order: TOrder }) {
  const licences = order.products.some((p) => isLicenseProductId(p.product_id));
  const shipped = order.shipping_info !== null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <CheckIcon className="h-8 w-8" />
        </span>
        <h1 className="text-2xl font-bold text-ink">{MSG.paymentSuccessful}</h1>
        <p className="text-slate-600">{MSG.checkEmailForDetails}</p>
      </div>

      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-ink">Order #{order.order_id}</h2>
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {order.products.map((p, i) => (
            <li key={`${p.product_id}-${i}`} className="flex justify-between gap-4 py-2">
              <span className="text-slate-700">
                {p.name} × {p.quantity}
              </span>
              <span className="tabular-nums text-ink">{formatUsd(p.price * p.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-slate-200 pt-3 text-sm">
          {order.shipping_fee > 0 ? (
            <Line label="Shipping" value={formatUsd(order.shipping_fee)} />
          ) : null}
          {order.discount > 0 ? (
            <Line label="Discount" value={`-${formatUsd(order.discount)}`} />
          ) : null}
          <Line label="Total paid" value={formatUsd(order.total)} strong />
        </dl>
        <ul className="mt-5 space-y-2 text-sm text-slate-700">
          {licences ? (
            <li>
              Your licence keys are in your{' '}
              <Link to={paths.accounts.overview} className="font-semibold text-brand-700 underline">
                account overview
              </Link>{' '}
              and in the email we sent to{' '}
              <strong className="break-all font-semibold text-ink">{order.email}</strong>.
            </li>
          ) : null}
          {shipped ? (
            <li>We will email you the tracking details as soon as your parcel ships.</li>
          ) : null}
          <li>
            Your receipt is in{' '}
            <Link to={paths.accounts.invoices} className="font-semibold text-brand-700 underline">
              Invoices
            </Link>
            .
          </li>
        </ul>
      </div>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.accounts.overview} className={buttonClass('primary')}>
          Go to my account
        </Link>
        <Link to={paths.accounts.orders} className={buttonClass('secondary')}>
          View my orders
        </Link>
        <Link to={paths.accessories} className={buttonClass('secondary')}>
          Continue shopping
        </Link>
      </div>
    </section>
  );
}

function Line({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className={`flex justify-between ${strong ? 'font-semibold text-ink' : 'text-slate-600'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

function NothingToConfirm() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-ink">Nothing to confirm here</h1>
      <p className="text-slate-600">
        This page confirms a payment at the end of checkout. Your cart is as you left it.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.shipping} className={buttonClass('primary')}>
          Go to checkout
        </Link>
        <Link to={paths.accounts.overview} className={buttonClass('secondary')}>
          Go to my account
        </Link>
      </div>
    </section>
  );
}
