import { cartLineKey, formatUsd, lineTotal, type CartItem } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import paperUrl from '../../../assets/art/product-paper.svg';
import rollerUrl from '../../../assets/art/product-roller.svg';
import cutterUrl from '../../../assets/art/product-cutter.svg';
import licenseUrl from '../../../assets/art/logo-mark.svg';
import { useAppDispatch } from '../../../lib/store-hooks';
import { cartActions } from '../../cart/cart-slice';

const ICONS: Record<string, string> = {
  paper: paperUrl,
  roller: rollerUrl,
  cutter: cutterUrl,
  license: licenseUrl,
};

function LineIcon({ icon }: { icon: string }) {
  const src = ICONS[icon];
  if (!src) {
    return (
      <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-center text-[11px] leading-tight text-slate-500">
        {MSG.noIcon}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={64}
      height={64}
      className="h-16 w-16 shrink-0 rounded-lg bg-brand-50 object-contain p-1.5"
    />
  );
}

const stepButton =
  'inline-flex h-9 w-9 items-center justify-center text-lg font-semibold text-slate-700 hover:bg-brand-50 hover:text-brand-700 disabled:opacity-40';

/**
 * The cart's lines: quantity change (decreasing at 1 removes), Remove, line totals. A renewal line
 * names the key it renews and has no quantity: it extends that one key by one term.
 */
export function CartLines({ items }: { items: readonly CartItem[] }) {
  const dispatch = useAppDispatch();
  return (
    <ul className="divide-y divide-slate-200" aria-label="Items in your cart">
      {items.map((item) => {
        const renewal = item.renews ? MSG.renewalOf(item.renews_key || 'your license') : null;
        const label = renewal ? `${item.name}, ${renewal}` : item.name;
        return (
          <li
            key={cartLineKey(item)}
            className="flex gap-4 py-4 first:pt-0 last:pb-0"
            data-testid={
              item.renews ? `cart-line-renewal-${item.renews}` : `cart-line-${item.product_id}`
            }
          >
            <LineIcon icon={item.icon} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div className="min-w-0">
                  <h3 className="font-semibold text-ink">{item.name}</h3>
                  {renewal ? (
                    <p className="mt-0.5 inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                      <RenewIcon />
                      <span>{renewal}</span>
                    </p>
                  ) : null}
                  <p className="text-sm text-slate-500">
                    {renewal
                      ? `${formatUsd(item.price)} for one more term, same key`
                      : `${formatUsd(item.price)} each`}
                  </p>
                </div>
                <p className="font-semibold text-ink" aria-label={`Line total for ${label}`}>
                  {formatUsd(lineTotal(item))}
                </p>
              </div>
              <p className="mt-1 hidden text-sm text-slate-500 sm:block">
                {renewal
                  ? 'Extends this key from its end date (or from payment if it has ended; an unused Daily pass gets one more day from its first activation), on the same device. No new key.'
                  : item.description}
              </p>
              <div className="mt-3 flex items-center justify-between gap-3">
                {renewal ? (
                  <span className="text-sm text-slate-600">Qty 1</span>
                ) : (
                  <div
                    className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300"
                    role="group"
                    aria-label={`Quantity of ${item.name}`}
                  >
                    <button
                      type="button"
                      className={stepButton}
                      aria-label={
                        item.quantity === 1
                          ? `Remove ${item.name}`
                          : `Decrease quantity of ${item.name}`
                      }
                      onClick={() => dispatch(cartActions.decrease(item.product_id))}
                    >
                      −
                    </button>
                    <output
                      className="min-w-10 px-2 text-center text-sm font-semibold text-ink"
                      aria-live="polite"
                    >
                      {item.quantity}
                    </output>
                    <button
                      type="button"
                      className={stepButton}
                      aria-label={`Increase quantity of ${item.name}`}
                      onClick={() => dispatch(cartActions.increase(item.product_id))}
                    >
                      +
                    </button>
                  </div>
                )}
                <button
                  type="button"
                  className="rounded-md px-2 py-1 text-sm font-medium text-red-600 hover:bg-red-50 hover:text-red-700"
                  onClick={() =>
                    dispatch(
                      item.renews
                        ? cartActions.removeRenewal(item.renews)
                        : cartActions.remove(item.product_id),
                    )
                  }
                  aria-label={`Remove ${label} from the cart`}
                >
                  Remove
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function RenewIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={12}
      height={12}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M21 12a9 9 0 1 1-2.6-6.4M21 3v6h-6" />
    </svg>
  );
}
