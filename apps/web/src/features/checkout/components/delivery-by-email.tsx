import type { CartItem } from '@lbs/domain/cart';

/** Nothing to ship: where the keys (or, for renewals only, the receipt) go. */
export function DeliveryByEmail({ items, email, className }: { items: CartItem[]; email: string | undefined; className: string }) {
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
    </section>
  );
}
