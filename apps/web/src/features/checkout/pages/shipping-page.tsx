import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { needsShipping as cartNeedsShipping } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import { discountedTotal } from '@lbs/domain/promo';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { CartSection } from '../components/cart-section';
import { DeliveryByEmail } from '../components/delivery-by-email';
import { OrderSummary } from '../components/order-summary';
import { PromoCodeBox } from '../components/promo-code-box';
import { RenewAutomaticallyBox } from '../components/renew-automatically-box';
import { ShippingForm } from '../components/shipping-form';
import { TermsModal } from '../components/terms-modal';
import { useBillingCountry } from '../hooks/use-billing-country';
import { useCheckout } from '../hooks/use-checkout';
import { usePromoCode } from '../hooks/use-promo-code';
import { useShippingDetails } from '../hooks/use-shipping-details';
import { useShippingFee } from '../hooks/use-shipping-fee';
import { shippingFeeKnown } from '../payment-body';
import { renewalConsentOf } from '../renewal-consent';
import { useAutomaticRenewalAvailable } from '../../../lib/public-config';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** /shipping: the cart, shipping and billing details, promotion code, terms and payment. */
export function ShippingPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAppSelector((s) => s.user.user);
  const cart = useAppSelector((s) => s.cart);
  const needsShipping = cartNeedsShipping(cart.items);
  const form = useShippingDetails(user);
  const zip = form.watch('zip');
  const country = form.watch('country');
  const feeStatus = useShippingFee({ needsShipping, zip, country, items: cart.items });
  const promo = usePromoCode(cart.items);
  const feeKnown = shippingFeeKnown(needsShipping, cart.shipping_fee);
  const total = discountedTotal(cart.totalCartPrice, cart.shipping_fee, promo.discount);
  const billing = useBillingCountry(user, country);
  // Offered only when the cart holds a Monthly or Yearly licence; never ticked until the buyer ticks it.
  // Offered only where the payment provider saves cards for renewals (public config).
  const renewalsAvailable = useAutomaticRenewalAvailable();
  const renewal = renewalsAvailable ? renewalConsentOf(cart.items) : null;
  const [renewTicked, setRenewTicked] = useState(false);
  const renewAutomatically = renewal && renewTicked ? renewal : null;
  const { problem, termsOpen, closeTerms, paying, checkout, confirm } = useCheckout({ user, cart, needsShipping, form, promo, billing, renewAutomatically });

  const back = () => (location.key === 'default' ? navigate(paths.pricing) : navigate(-1));

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
          <CartSection items={cart.items} className={card} />

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
            <DeliveryByEmail
              items={cart.items}
              email={user?.email}
              className={card}
              billing={billing}
              billingError={problem === MSG.billingCountryRequired && !billing.value ? MSG.billingCountryRequired : undefined}
            />
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
            {renewal ? <RenewAutomaticallyBox words={renewal.words} checked={renewTicked} onChange={setRenewTicked} /> : null}
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

      <TermsModal open={termsOpen} confirming={paying} onConfirm={() => void confirm()} onClose={closeTerms} />
    </section>
  );
}
