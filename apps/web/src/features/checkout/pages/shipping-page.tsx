import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { needsShipping as cartNeedsShipping, totalQuantity } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import { discountedTotal } from '@lbs/domain/promo';
import { ZShippingInfo, type TShippingInfo } from '@lbs/domain/schemas';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { Button, buttonClass } from '../../../components/ui/button';
import { toApiError } from '../../../lib/api-error';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { FormAlert } from '../../../components/ui/form-alert';
import { checkoutDraft } from '../checkout-draft';
import { useCreateOnePaymentSessionMutation } from '../api';
import { CartLines } from '../components/cart-lines';
import { OrderSummary } from '../components/order-summary';
import { PromoCodeBox } from '../components/promo-code-box';
import { ShippingForm } from '../components/shipping-form';
import { TermsModal } from '../components/terms-modal';
import { usePromoCode } from '../hooks/use-promo-code';
import { useShippingFee } from '../hooks/use-shipping-fee';
import { onePaymentBody, shippingFeeKnown } from '../payment-body';

const SHIPPING_FIELDS: readonly (keyof TShippingInfo)[] = [
  'name',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'country',
];

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

const zodShippingResolver = zodResolver(ZShippingInfo);
/** The server's schema, with the checkout's own wording for a bad address (spec §8: 'Invalid email address'). */
const shippingResolver: Resolver<TShippingInfo> = async (values, context, options) => {
  const result = await zodShippingResolver(values, context, options);
  const email = result.errors.email;
  if (email?.message === MSG.invalidEmail) email.message = MSG.invalidEmailAddress;
  return result;
};

/** /shipping: the cart, shipping and billing details, promotion code, terms and payment. */
export function ShippingPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector((s) => s.user.user);
  const cart = useAppSelector((s) => s.cart);
  const needsShipping = cartNeedsShipping(cart.items);

  const form = useForm<TShippingInfo>({
    resolver: shippingResolver,
    mode: 'onTouched',
    // What the buyer typed earlier in this browser session, else empty; the profile fills the
    // name and email below, where they are still empty.
    defaultValues: checkoutDraft.shipping() ?? {
      name: '',
      email: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      country: '',
    },
  });
  const profileName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const profileEmail = user?.email ?? '';
  useEffect(() => {
    // Only empty fields: a value typed before the profile arrived is the buyer's, and stays.
    if (profileName && !form.getValues('name').trim()) form.setValue('name', profileName);
    if (profileEmail && !form.getValues('email').trim()) form.setValue('email', profileEmail);
  }, [form, profileName, profileEmail]);
  useEffect(() => {
    const subscription = form.watch((values) =>
      checkoutDraft.saveShipping({ ...form.getValues(), ...values } as TShippingInfo),
    );
    return () => subscription.unsubscribe();
  }, [form]);
  const [problem, setProblem] = useState<string | null>(null);
  const zip = form.watch('zip');
  const country = form.watch('country');
  const feeStatus = useShippingFee({ needsShipping, zip, country, items: cart.items });
  const promo = usePromoCode(cart.items);
  const feeKnown = shippingFeeKnown(needsShipping, cart.shipping_fee);
  const total = discountedTotal(cart.totalCartPrice, cart.shipping_fee, promo.discount);

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
    });
    try {
      const { url } = await createSession(body).unwrap();
      window.location.assign(url);
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
      setProblem(error.status === 409 ? error.message : MSG.paymentFailed);
    }
  }

  const back = () => (location.key === 'default' ? navigate(paths.pricing) : navigate(-1));
  const count = totalQuantity(cart.items);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 lg:px-8 lg:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold text-ink">Checkout</h1>
        <p className="mt-2 text-slate-600">
          Review your cart, tell us where to ship, and pay securely. All prices are in USD.
        </p>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
        <div className="space-y-6">
          <section className={card} aria-labelledby="cart-heading">
            <h2 id="cart-heading" className="mb-4 text-lg font-semibold text-ink">
              Your cart{' '}
              {count > 0 ? (
                <span className="font-normal text-slate-500">
                  ({count} {count === 1 ? 'item' : 'items'})
                </span>
              ) : null}
            </h2>
            {cart.items.length ? (
              <CartLines items={cart.items} />
            ) : (
              <div className="rounded-xl bg-slate-50 px-4 py-8 text-center">
                <p className="font-medium text-ink">Your cart is empty.</p>
                <p className="mt-1 text-sm text-slate-600">
                  Choose a licence or add accessories for your booth.
                </p>
                <div className="mt-4 flex flex-wrap justify-center gap-3">
                  <Link to={paths.pricing} className={buttonClass('primary')}>
                    See pricing
                  </Link>
                  <Link to={paths.accessories} className={buttonClass('secondary')}>
                    Browse accessories
                  </Link>
                </div>
              </div>
            )}
          </section>

          {needsShipping ? (
            <section className={card} aria-labelledby="shipping-heading">
              <h2 id="shipping-heading" className="text-lg font-semibold text-ink">
                Shipping &amp; billing
              </h2>
              <p className="mb-5 mt-1 text-sm text-slate-600">
                We ship tracked from Singapore. The fee follows your postal code and country.
              </p>
              <form
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void checkout();
                }}
              >
                <ShippingForm register={form.register} errors={form.formState.errors} />
              </form>
            </section>
          ) : cart.items.length ? (
            <section className={card} aria-labelledby="delivery-heading">
              <h2 id="delivery-heading" className="text-lg font-semibold text-ink">
                Delivery by email
              </h2>
              {cart.items.every((item) => item.renews) ? (
                <p className="mt-1 text-sm text-slate-600">
                  Your key is renewed as soon as your payment is confirmed: the same key, on the
                  same device, with nothing to re-activate. The receipt is emailed to{' '}
                  <strong className="font-semibold break-all text-ink">{user?.email}</strong>.
                  Nothing needs shipping, so no address is needed.
                </p>
              ) : (
                <p className="mt-1 text-sm text-slate-600">
                  Your licence keys are emailed to{' '}
                  <strong className="font-semibold break-all text-ink">{user?.email}</strong> as
                  soon as your payment is confirmed, and they appear in your account. Nothing needs
                  shipping, so no address is needed.
                </p>
              )}
            </section>
          ) : null}
        </div>

        <aside className={`${card} lg:sticky lg:top-24`} aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="mb-4 text-lg font-semibold text-ink">
            Order summary
          </h2>
          <OrderSummary
            subtotal={cart.totalCartPrice}
            needsShipping={needsShipping}
            shippingFee={cart.shipping_fee}
            feeStatus={feeStatus}
            feeKnown={feeKnown}
            discount={promo.discount}
            total={total}
            promoBox={
              <PromoCodeBox
                state={promo.state}
                discount={promo.discount}
                onOpen={promo.open}
                onClose={promo.close}
                onCodeChange={promo.setCode}
                onApply={() => void promo.apply()}
                onCancel={promo.cancel}
              />
            }
          />
          <div className="mt-6 flex flex-col gap-3">
            {problem ? <FormAlert>{problem}</FormAlert> : null}
            <Button className="w-full py-3 text-base" onClick={() => void checkout()}>
              Checkout
            </Button>
            <Button variant="secondary" className="w-full" onClick={back}>
              Back
            </Button>
          </div>
          <p className="mt-4 text-center text-xs text-slate-500">{MSG.pricesNett}</p>
        </aside>
      </div>

      <TermsModal
        open={termsOpen}
        confirming={paying}
        onConfirm={() => void confirm()}
        onClose={() => setTermsOpen(false)}
      />
    </section>
  );
}
