import { Link } from '../../../lib/navigation';
import { PLANS, SETUP_KIT_SECTIONS, type Plan } from '@lbs/domain/plans';
import { formatUsd } from '@lbs/domain/money';
import { paths } from '../../../config/paths';
import { CheckIcon } from '../../../components/ui/icons';
import { CheckList } from '../../../components/ui/check-list';
import { useAddToCart } from '../hooks/use-add-to-cart';

type HeadingLevel = 2 | 3;
const TITLE = { 2: 'h2', 3: 'h3' } as const;
const SUB_HEADING = { 2: 'h3', 3: 'h4' } as const;

/** What every recurring licence includes beyond its own lines. */
const EVERY_LICENSE = [
  'All 3D depth, motion and flip effects',
  'Your own borders and branding',
  'Software updates included',
  'Email and WhatsApp support',
] as const;

const PERIOD_LABEL: Record<Plan['period'], string> = { Day: 'day', Month: 'month', Year: 'year', '': 'one time' };

function Price({ plan, className = '' }: { plan: Plan; className?: string }) {
  return (
    <p className={className}>
      <span className="text-4xl font-extrabold tracking-tight text-ink">{formatUsd(plan.price)}</span>
      {/* On its own line: beside a four-figure price it wrapped unevenly from card to card. */}
      <span className="mt-1 block text-sm font-medium text-slate-600">
        USD / {PERIOD_LABEL[plan.period]}
      </span>
    </p>
  );
}

function FeatureList({ plan, level }: { plan: Plan; level: HeadingLevel }) {
  const Sub = SUB_HEADING[level];
  if (Array.isArray(plan.subTitle)) {
    return (
      <div className="space-y-4">
        {SETUP_KIT_SECTIONS.map((section) => (
          <div key={section.heading}>
            <Sub className="text-xs font-semibold uppercase tracking-wider text-slate-500">{section.heading}</Sub>
            <CheckList items={section.items} colour={plan.colour} className="mt-2 space-y-1.5" />
          </div>
        ))}
      </div>
    );
  }
  return <CheckList items={plan.content} colour={plan.colour} className="space-y-2" />;
}

/** The full card, from 768px up. */
function PlanCard({ plan, onPurchase, level }: { plan: Plan; onPurchase: () => void; level: HeadingLevel }) {
  const featured = plan.period === 'Month';
  const Title = TITLE[level];
  const Sub = SUB_HEADING[level];
  return (
    <article
      className={`relative flex flex-col overflow-hidden rounded-2xl border bg-white p-6 pt-5 shadow-sm ${featured ? 'border-brand-500 shadow-lg ring-1 ring-brand-500' : 'border-slate-200'}`}
      aria-labelledby={`plan-${plan.id}-title`}
      data-plan-card={plan.id}
    >
      {/* The accent runs the card's full width (the card clips it to its corners). */}
      <span className="absolute inset-x-0 top-0 h-1.5" style={{ background: plan.colour }} aria-hidden />
      {/* Every card keeps the badge's row, so titles, prices and lists line up across the four. */}
      <div className="mb-1.5 h-5">
        {featured ? <p className="inline-block rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">Most popular</p> : null}
      </div>
      <Title id={`plan-${plan.id}-title`} className="text-lg font-bold text-ink">
        {plan.title}
      </Title>
      <p className="mt-1 min-h-10 text-sm text-slate-600">
        {Array.isArray(plan.subTitle) ? 'Everything you need to start: training, materials and software' : plan.subTitle}
      </p>
      <Price plan={plan} className="mt-4" />
      <div className="mt-6 flex-1">
        <FeatureList plan={plan} level={level} />
        {Array.isArray(plan.subTitle) ? null : (
          <div className="mt-5 border-t border-slate-100 pt-4">
            <Sub className="text-xs font-semibold uppercase tracking-wider text-slate-500">Included with every licence</Sub>
            <CheckList items={EVERY_LICENSE} className="mt-2 space-y-1.5" />
          </div>
        )}
      </div>
      <button
        type="button"
        onClick={onPurchase}
        // One line in every card, the four buttons level at the cards' feet (the list above grows).
        className={`mt-8 w-full whitespace-nowrap rounded-lg px-3 py-3 text-sm font-semibold transition-colors ${featured ? 'bg-brand-600 text-white hover:bg-brand-700' : 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50'}`}
      >
        Purchase {plan.title}
      </button>
    </article>
  );
}

/** The compact coloured card of small screens; each feature line leads to checkout (spec §2). */
function CompactPlanCard({ plan, onPurchase, level }: { plan: Plan; onPurchase: () => void; level: HeadingLevel }) {
  const Title = TITLE[level];
  return (
    <article
      className="rounded-2xl border-l-4 p-5"
      style={{ borderColor: plan.colour, background: `color-mix(in srgb, ${plan.colour} 12%, white)` }}
      aria-labelledby={`plan-${plan.id}-compact-title`}
      data-plan-compact={plan.id}
    >
      <div className="flex items-baseline justify-between gap-3">
        <Title id={`plan-${plan.id}-compact-title`} className="text-base font-bold text-ink">
          {plan.title}
        </Title>
        <p className="shrink-0 text-right">
          <span className="text-2xl font-extrabold text-ink">{formatUsd(plan.price)}</span>
          <span className="ml-1 text-xs text-slate-700">/ {PERIOD_LABEL[plan.period]}</span>
        </p>
      </div>
      <ul className="mt-3 divide-y divide-black/5">
        {plan.content.map((line) => (
          <li key={line}>
            <Link to={paths.shipping} className="flex items-center justify-between gap-2 py-2 text-sm text-slate-800">
              <span className="flex gap-2">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-ink" />
                {line}
              </span>
              <span aria-hidden className="text-slate-500">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onPurchase}
        className="mt-4 w-full rounded-lg bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-900"
      >
        Purchase {plan.title}
      </button>
    </article>
  );
}

/**
 * The four plans: 4 columns on wide screens, 2 on tablets, compact cards one per row on phones.
 * `level` is the heading level of a card title: 3 under a section heading, 2 right under the page title.
 */
export function PlanCards({ level = 3 }: { level?: HeadingLevel }) {
  const addToCart = useAddToCart();
  return (
    <div>
      <div className="hidden gap-6 md:grid md:grid-cols-2 xl:grid-cols-4" data-plan-grid="full">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} level={level} onPurchase={() => addToCart(plan.id, 1)} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 md:hidden" data-plan-grid="compact">
        {PLANS.map((plan) => (
          <CompactPlanCard key={plan.id} plan={plan} level={level} onPurchase={() => addToCart(plan.id, 1)} />
        ))}
      </div>
    </div>
  );
}
