import { toast } from 'react-toastify';
import { PLANS, SETUP_KIT_SECTIONS, type Plan } from '@lbs/domain/plans';
import { formatUsd } from '@lbs/domain/money';
import { MSG } from '@lbs/domain/messages';
import { CheckList } from '../../../components/ui/check-list';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { paths } from '../../../config/paths';
import { cartActions } from '../../cart/cart-slice';

/** The four licences (ids 10-13); a click adds one to the cart. */
export function PlansPage() {
  const dispatch = useAppDispatch();
  const inCart = useAppSelector((s) => s.cart.items.filter((i) => i.product_id >= 10).reduce((n, i) => n + i.quantity, 0));
  const add = (plan: Plan) => {
    dispatch(cartActions.add({ productId: plan.id, quantity: 1 }));
    toast.success(MSG.productAddedToCart);
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">Plans</h1>
          <p className="mt-2 text-slate-600">Choose a licence. Each key runs on one device. {MSG.pricesNett}</p>
        </div>
        {inCart > 0 ? (
          <ButtonLink to={paths.shipping} variant="secondary" className="shrink-0">
            Go to cart ({inCart})
          </ButtonLink>
        ) : null}
      </div>

      <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => (
          <li key={plan.id} className="flex">
            <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <div className="h-2" style={{ backgroundColor: plan.colour }} aria-hidden />
              <div className="flex flex-1 flex-col p-5">
                <h2 className="text-lg font-bold text-ink">{plan.title}</h2>
                {typeof plan.subTitle === 'string' ? <p className="mt-1 text-sm text-slate-500">{plan.subTitle}</p> : null}
                <p className="mt-4 text-2xl font-extrabold text-ink 2xl:text-3xl">
                  {formatUsd(plan.price)}
                  {plan.period ? <span className="whitespace-nowrap text-sm font-medium text-slate-500"> / {plan.period}</span> : null}
                </p>
                {Array.isArray(plan.subTitle) ? (
                  <div className="mt-4 mb-6 space-y-3">
                    {SETUP_KIT_SECTIONS.map((section) => (
                      <div key={section.heading}>
                        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{section.heading}</h3>
                        <CheckList items={section.items} colour={plan.colour} className="mt-1 space-y-1" />
                      </div>
                    ))}
                  </div>
                ) : (
                  <CheckList items={plan.content} colour={plan.colour} className="mt-4 mb-6 space-y-2" />
                )}
                <button
                  type="button"
                  onClick={() => add(plan)}
                  className={buttonClass('primary', 'mt-auto w-full')}
                >
                  Add {plan.title} to cart
                </button>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
