import type { CartItem } from '@lbs/domain/cart';
import { FieldFrame } from '../../../components/ui/field-frame';
import type { BillingCountry } from '../hooks/use-billing-country';
import { CountryOptions } from './country-options';

/** Nothing to ship: where the keys (or, for renewals only, the receipt) go, and the billing country. */
export function DeliveryByEmail({
  items,
  email,
  className,
  billing,
  billingError,
}: {
  items: CartItem[];
  email: string | undefined;
  className: string;
  billing: BillingCountry;
  billingError?: string;
}) {
  return (
    <section className={className} aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="text-lg font-semibold text-ink">
        Delivery by email
      </h2>
      {items.every((item) => item.renews) ? (
        <p className="mt-1 text-sm text-slate-600">
          Your key is renewed as soon as your payment is confirmed: the same key, on the
          same device, with nothing to re-activate. The receipt is emailed to{' '}
          <strong className="font-semibold break-all text-ink">{email}</strong>.
          Nothing needs shipping, so no address is needed.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Your licence keys are emailed to{' '}
          <strong className="font-semibold break-all text-ink">{email}</strong> as
          soon as your payment is confirmed, and they appear in your account. Nothing needs
          shipping, so no address is needed.
        </p>
      )}
      <FieldFrame label="Billing country" error={billingError} className="mt-4 max-w-sm">
        {(control) => (
          <select ref={billing.ref} autoComplete="billing country" required {...control} value={billing.value} onChange={(e) => billing.set(e.target.value)}>
            <CountryOptions />
          </select>
        )}
      </FieldFrame>
    </section>
  );
}
