import { Link } from 'react-router';
import { totalQuantity, type CartItem } from '@lbs/domain/cart';
import { paths } from '../../../config/paths';
import { buttonClass } from '../../../components/ui/button';
import { CartLines } from './cart-lines';

/** The checkout's "Your cart": its lines, or where to find something to buy. */
export function CartSection({ items, className }: { items: CartItem[]; className: string }) {
  const count = totalQuantity(items);
  return (
    <section className={className} aria-labelledby="cart-heading">
      <h2 id="cart-heading" className="mb-4 text-lg font-semibold text-ink">
        Your cart{' '}
        {count > 0 ? (
          <span className="font-normal text-slate-500">
            ({count} {count === 1 ? 'item' : 'items'})
          </span>
        ) : null}
      </h2>
      {items.length ? (
        <CartLines items={items} />
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
  );
}
