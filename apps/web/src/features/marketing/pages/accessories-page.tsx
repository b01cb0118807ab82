import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { ACCESSORY_DISPLAY, SHEET_MINIMUM, SHEET_TIERS, sheetQuote, type AccessoryDisplayItem } from '@lbs/domain/catalogue';
import { formatUsd } from '@lbs/domain/money';
import sheetsUrl from '../../../assets/art/product-sheets.svg';
import paperUrl from '../../../assets/art/product-paper.svg';
import rollerUrl from '../../../assets/art/product-roller.svg';
import cutterUrl from '../../../assets/art/product-cutter.svg';
import { QuantityInput } from '../../../components/ui/quantity-input';
import { usePageMeta } from '../../../lib/page-meta';
import { paths } from '../../../config/paths';
import type { CatalogueItem } from '@lbs/domain/catalogue';
import { useCatalogueQuery } from '../api';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { SectionHeading } from '../components/section-heading';
import { ContactUsLink } from '../components/contact-us-link';
import { Pills } from '../../../components/ui/pills';

const IMAGES: Record<string, string> = {
  lenticular_sheets: sheetsUrl,
  perforated_paper: paperUrl,
  adhesion_roller: rollerUrl,
  luggage_tag_cutter: cutterUrl,
};

const COUNT = new Intl.NumberFormat('en-US');

/** The contact form link that asks for a sheets quote (the contact page fills in the message). */
export const sheetQuoteLink = (quantity: number) => `${paths.contactUs}?quote=sheets&quantity=${quantity}`;

function ShippingBox({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <div
      className={`mt-5 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 ${wide ? 'sm:flex-row sm:items-center sm:justify-between' : ''}`}
      data-shipping-box
    >
      <p className="text-sm text-amber-900">
        <span className="font-semibold">Shipping: </span>
        {children}
      </p>
      <ContactUsLink className="shrink-0 self-start bg-white" />
    </div>
  );
}

function PriceLine({ item, product, loading }: { item: AccessoryDisplayItem; product: CatalogueItem | undefined; loading: boolean }) {
  if (loading) {
    return <span className="inline-block h-8 w-28 animate-pulse rounded bg-slate-200" aria-label="Loading price" />;
  }
  if (!product) {
    return <span className="text-base font-semibold text-slate-600">Price on request</span>;
  }
  return (
    <span className="text-3xl font-extrabold text-ink" data-price={item.key}>
      {formatUsd(product.price)}
    </span>
  );
}

function AccessoryCard({ item, product, loading }: { item: AccessoryDisplayItem; product: CatalogueItem | undefined; loading: boolean }) {
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-accessory={item.key}>
      <img src={IMAGES[item.key]} alt="" width={480} height={480} loading="lazy" className="mx-auto h-44 w-44 rounded-xl bg-brand-50" />
      <h2 id={titleId} className="mt-5 text-xl font-bold text-ink">
        {item.title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.description}</p>
      <Pills items={item.details} className="mt-3" />
      <div className="mt-auto pt-6">
        <p className="flex min-h-10 items-center border-t border-slate-100 pt-5">
          <PriceLine item={item} product={product} loading={loading} />
        </p>
        {loading || product ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <QuantityInput value={quantity} onChange={setQuantity} of={item.title} min={1} hideLabel />
            <button
              type="button"
              disabled={!product}
              onClick={() => item.productId !== null && addToCart(item.productId, quantity)}
              className="inline-flex h-10 flex-1 items-center justify-center rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700 disabled:bg-brand-600/50"
            >
              Add to Cart
            </button>
          </div>
        ) : null}
        <ShippingBox>{MSG.shippingFeeAtCheckout}</ShippingBox>
      </div>
    </article>
  );
}

function SheetsCard({ item }: { item: AccessoryDisplayItem }) {
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(String(SHEET_MINIMUM));
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const inputId = useId();
  const parsed = Number(quantity.replace(/[\s,]/g, ''));
  const quote = sheetQuote(parsed);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!quote) {
      setError(`Please enter a whole number of sheets, at least ${COUNT.format(SHEET_MINIMUM)}.`);
      return;
    }
    navigate(sheetQuoteLink(parsed));
  };

  return (
    <article aria-labelledby={titleId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:col-span-2 lg:col-span-3" data-accessory={item.key}>
      <div className="grid gap-8 lg:grid-cols-[auto_1fr_1fr]">
        <img src={IMAGES[item.key]} alt="" width={480} height={480} loading="lazy" className="h-40 w-40 self-center rounded-xl bg-brand-50 lg:self-start" />
        <div>
          <h2 id={titleId} className="text-xl font-bold text-ink">
            {item.title}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{item.description}</p>
          <table className="mt-4 w-full text-left text-sm" data-sheet-tiers>
            <caption className="sr-only">Volume prices for lenticular sheets</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wider text-slate-500">
                <th scope="col" className="py-2 font-semibold">
                  Quantity
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Price per sheet
                </th>
              </tr>
            </thead>
            <tbody>
              {SHEET_TIERS.map((tier) => (
                <tr key={tier.min} className="border-b border-slate-100">
                  <td className="py-2 text-slate-700">
                    {tier.max === null ? `${COUNT.format(tier.min)} pcs and above` : `${COUNT.format(tier.min)} - ${COUNT.format(tier.max)} pcs`}
                  </td>
                  <td className="py-2 text-right font-semibold text-ink">{formatUsd(tier.unitPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <form onSubmit={submit} noValidate className="rounded-xl bg-brand-50 p-5" aria-label="Request a quote for lenticular sheets">
          <h3 className="font-semibold text-ink">Request a quote</h3>
          <p className="mt-1 text-sm text-slate-600">Minimum order {COUNT.format(SHEET_MINIMUM)} sheets. Tell us how many you need.</p>
          <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-ink">
            Number of sheets
          </label>
          <input
            id={inputId}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${inputId}-hint`}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink"
          />
          <p id={`${inputId}-hint`} className={`mt-2 min-h-5 text-sm ${error ? 'text-red-700' : 'text-slate-700'}`} aria-live="polite">
            {error ?? (quote ? `Estimate: ${formatUsd(quote.total)} (${formatUsd(quote.unitPrice)} each), before shipping.` : '')}
          </p>
          <button type="submit" className="mt-3 w-full rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
            Request a quote
          </button>
        </form>
      </div>
      <ShippingBox wide>{MSG.sheetsNoShippingQuote}</ShippingBox>
    </article>
  );
}

export function AccessoriesPage() {
  usePageMeta({
    title: 'Accessories · Lenticular sheets, paper, roller and cutter · LentiBooth',
    description:
      'Lenticular sheets at volume prices, perforated 4x6 inch paper, the adhesion roller and the luggage tag cutter: everything a lenticular photo booth prints with.',
  });
  const { data, isLoading, isUninitialized } = useCatalogueQuery();
  // Before the first answer (and in the prerendered page) the price slot shows a placeholder of the same size.
  const loading = isLoading || isUninitialized;
  const byId = new Map((data ?? []).map((p) => [p.id, p]));
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-10 pt-12 lg:px-8 lg:pt-20">
          <SectionHeading as="h1" eyebrow="Accessories" title={MSG.accessoriesHeader}>
            The consumables and tools we use at our own events, tested with the LentiBooth software and DNP printers.
          </SectionHeading>
          <p className="mx-auto mt-4 max-w-3xl text-center text-sm text-slate-700" data-shipping-summary>
            {MSG.accessoriesShippingSummary}
          </p>
        </div>
      </section>
      <section aria-label="Products" className="mx-auto max-w-7xl px-4 pb-16 lg:px-8 lg:pb-24">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {ACCESSORY_DISPLAY.map((item) =>
            item.quoteOnly ? (
              <SheetsCard key={item.key} item={item} />
            ) : (
              <AccessoryCard
                key={item.key}
                item={item}
                product={item.productId === null ? undefined : byId.get(item.productId)}
                loading={loading}
              />
            ),
          )}
        </div>
      </section>
    </>
  );
}
