import { useState, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import { ACCESSORY_DISPLAY, type AccessoryDisplayItem } from '@lbs/domain/catalogue';
import { CONTACT_INFO } from '@lbs/domain/contact-info';
import { formatUsd } from '@lbs/domain/money';
import { MSG } from '@lbs/domain/messages';
import sheetsUrl from '../../../assets/art/product-sheets.svg';
import paperUrl from '../../../assets/art/product-paper.svg';
import rollerUrl from '../../../assets/art/product-roller.svg';
import cutterUrl from '../../../assets/art/product-cutter.svg';
import { Button } from '../../../components/ui/button';
import { useAppDispatch } from '../../../lib/store-hooks';
import { cartActions } from '../../cart/cart-slice';
import { ChevronLeftIcon, ChevronRightIcon } from '../components/account-icons';
import { QuantityInput } from '../../../components/ui/quantity-input';

const ART: Record<string, string> = {
  lenticular_sheets: sheetsUrl,
  perforated_paper: paperUrl,
  adhesion_roller: rollerUrl,
  luggage_tag_cutter: cutterUrl,
};

/** The four accessories, one slide at a time, with previous/next arrows disabled at the ends. */
export function ProductsPage() {
  const [index, setIndex] = useState(0);
  const last = ACCESSORY_DISPLAY.length - 1;
  const go = (i: number) => setIndex(Math.min(last, Math.max(0, i)));
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement) return;
    if (e.key === 'ArrowLeft') go(index - 1);
    if (e.key === 'ArrowRight') go(index + 1);
  };

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Products</h1>
      <p className="mt-2 text-slate-600">Accessories for your lenticular photo booth.</p>

      <section
        aria-roledescription="carousel"
        aria-label="Accessories"
        className="relative mt-8"
        onKeyDown={onKey}
      >
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <div className="flex transition-transform duration-300 ease-out" style={{ transform: `translateX(-${index * 100}%)` }}>
            {ACCESSORY_DISPLAY.map((item, i) => (
              <div
                key={item.key}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${ACCESSORY_DISPLAY.length}: ${item.title}`}
                aria-hidden={i !== index}
                inert={i !== index}
                className="w-full shrink-0"
              >
                <Slide item={item} />
              </div>
            ))}
          </div>
        </div>

        <div className="mt-4 flex items-center justify-between gap-4">
          <button
            type="button"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-ink shadow-sm hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
            aria-label="Previous product"
          >
            <ChevronLeftIcon />
          </button>
          <div className="flex items-center gap-2">
            {ACCESSORY_DISPLAY.map((item, i) => (
              <button
                key={item.key}
                type="button"
                onClick={() => go(i)}
                aria-label={`Show ${item.title}`}
                aria-current={i === index ? 'true' : undefined}
                className={`h-2.5 rounded-full transition-all ${i === index ? 'w-8 bg-brand-600' : 'w-2.5 bg-slate-300 hover:bg-slate-400'}`}
              />
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(index + 1)}
            disabled={index === last}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-ink shadow-sm hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
            aria-label="Next product"
          >
            <ChevronRightIcon />
          </button>
        </div>
        <p className="sr-only" aria-live="polite">
          {`Product ${index + 1} of ${ACCESSORY_DISPLAY.length}: ${ACCESSORY_DISPLAY[index]!.title}`}
        </p>
      </section>
    </div>
  );
}

function Slide({ item }: { item: AccessoryDisplayItem }) {
  const dispatch = useAppDispatch();
  const [quantity, setQuantity] = useState(1);
  return (
    <div className="grid gap-6 p-5 sm:p-8 md:grid-cols-2 md:items-center">
      <img src={ART[item.key]} alt="" width={480} height={480} className="mx-auto aspect-square w-full max-w-xs rounded-xl bg-slate-50 object-contain md:max-w-sm" />
      <div>
        <h2 className="text-xl font-bold text-ink sm:text-2xl">{item.title}</h2>
        <p className="mt-2 text-slate-600">{item.description}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {item.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        <div className="mt-4 rounded-xl bg-brand-50 px-4 py-3">
          {item.price === null ? (
            <p className="text-sm font-semibold text-brand-900">Volume pricing: see the tiers above</p>
          ) : (
            <p className="text-2xl font-bold text-brand-900">
              {formatUsd(item.price)} <span className="text-sm font-medium text-brand-700">USD</span>
            </p>
          )}
        </div>
        {item.quoteOnly || item.productId === null ? (
          <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {MSG.sheetsNoShippingQuote}{' '}
            <a className="font-semibold underline" href={`mailto:${CONTACT_INFO.email}?subject=${encodeURIComponent('Lenticular sheets order')}`}>
              {CONTACT_INFO.email}
            </a>
          </p>
        ) : (
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <QuantityInput value={quantity} onChange={setQuantity} of={item.title} />
            <Button
              disabled={quantity < 1}
              onClick={() => {
                dispatch(cartActions.add({ productId: item.productId!, quantity }));
                toast.success(MSG.productAddedToCart);
              }}
            >
              Add to Cart
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
