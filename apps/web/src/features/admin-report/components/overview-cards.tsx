import type { ComponentType, SVGProps } from 'react';
import { MSG } from '@lbs/domain/messages';
import { describeChange, type ChangeDirection } from '@lbs/domain/report-comparison';
import type { TReportComparison, TReportOverview } from '@lbs/domain/report-responses';
import { icon } from '../../../components/ui/icons';
import { COMPARED_METRIC, figureFit, formatOverviewFigure } from '../report-figures';

const UsersIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.5 3-5.5 6.5-5.5s6.5 2 6.5 5.5" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.8c2 .7 3.5 2.3 3.5 5.2" />
  </>,
  20,
);
const KeyIcon = icon(
  <>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2" />
  </>,
  20,
);
const BagIcon = icon(
  <>
    <path d="M5 8h14l-1 13H6z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" />
  </>,
  20,
);
const CoinIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M15 9.2c-.5-1-1.6-1.7-3-1.7-1.8 0-3 .9-3 2.2 0 3.1 6 1.6 6 4.6 0 1.3-1.3 2.2-3 2.2-1.5 0-2.7-.7-3.1-1.8M12 6v1.5M12 16.5V18" />
  </>,
  20,
);

const RefundIcon = icon(
  <>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </>,
  20,
);

const ARROWS: Record<ChangeDirection, { Icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string }> = {
  up: { Icon: icon(<path d="M12 19V5M6 11l6-6 6 6" />, 16), tone: 'text-emerald-700' },
  down: { Icon: icon(<path d="M12 5v14M6 13l6 6 6-6" />, 16), tone: 'text-rose-700' },
  flat: { Icon: icon(<path d="M5 12h14" />, 16), tone: 'text-slate-600' },
};

/** More refunds is the bad way: their arrow's colour says so (the shape still says the direction). */
const INVERTED_TONE: Partial<Record<ChangeDirection, string>> = { up: 'text-rose-700', down: 'text-emerald-700' };

/**
 * A card's change over the chosen period: an arrow whose shape says the direction (colour only
 * repeats it), the percentage or "new", and the two figures; a screen reader hears the sentence.
 */
function ChangeLine({
  field,
  comparison,
  previousLabel,
}: {
  field: keyof TReportOverview;
  comparison: TReportComparison;
  previousLabel: string;
}) {
  const figures = comparison[COMPARED_METRIC[field]];
  const { figure, spoken } = describeChange(figures.change, previousLabel);
  const { Icon, tone: usualTone } = ARROWS[figures.change.direction];
  const tone = field === 'total_refunds' ? (INVERTED_TONE[figures.change.direction] ?? usualTone) : usualTone;
  const current = formatOverviewFigure(field, figures.current);
  const previous = formatOverviewFigure(field, figures.previous);
  return (
    <p data-testid={`change-${field}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-600">
      <span className={`inline-flex items-center gap-0.5 font-semibold ${tone}`}>
        <Icon aria-hidden="true" />
        <span aria-hidden="true">{figure}</span>
        <span className="sr-only">{spoken}:</span>
      </span>
      <span>
        {current} vs {previous}, {previousLabel}
      </span>
    </p>
  );
}

const CARDS: ReadonlyArray<{
  field: keyof TReportOverview;
  label: string;
  /** A short line under the label: what the figure counts, where the label does not say it. */
  caption?: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tint: string;
}> = [
  {
    field: 'total_users',
    label: MSG.totalUsers,
    Icon: UsersIcon,
    tint: 'bg-brand-50 text-brand-700',
  },
  {
    field: 'total_subscriptions',
    label: MSG.activeSubscriptions,
    Icon: KeyIcon,
    tint: 'bg-emerald-50 text-emerald-700',
  },
  { field: 'total_orders', label: MSG.totalOrders, Icon: BagIcon, tint: 'bg-sky-50 text-sky-700' },
  {
    field: 'total_income',
    label: MSG.totalIncome,
    caption: MSG.netOfRefunds,
    Icon: CoinIcon,
    tint: 'bg-amber-50 text-amber-700',
  },
  {
    field: 'total_refunds',
    label: MSG.totalRefunds,
    Icon: RefundIcon,
    tint: 'bg-rose-50 text-rose-700',
  },
];

/**
 * The five overview cards: totals now, whatever period the charts show (income net of refunds, and
 * the refunds on a card of their own). Until the call answers
 * a card shows a placeholder, and when it fails (only logged, spec §8) a dash, never a made-up 0.
 */
export function OverviewCards({
  overview,
  loading,
  comparison,
  previousLabel,
}: {
  overview: TReportOverview | undefined;
  loading: boolean;
  /** The period against the one before it; absent while it loads or without a period. */
  comparison?: TReportComparison;
  previousLabel?: string;
}) {
  return (
    <ul
      aria-label="Totals now"
      aria-busy={loading}
      className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
    >
      {CARDS.map(({ field, label, caption, Icon, tint }) => {
        const figure = overview ? formatOverviewFigure(field, overview[field]) : undefined;
        return (
          <li
            key={field}
            data-testid={`card-${field}`}
            className="@container flex min-w-0 flex-col justify-between gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:p-4 2xl:p-5"
          >
            <div className="flex items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-500">{label}</p>
                {caption ? <p className="text-xs text-slate-600">{caption}</p> : null}
              </div>
              <span
                className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-xl lg:hidden 2xl:inline-flex ${tint}`}
              >
                <Icon />
              </span>
            </div>
            {/* Sized to the card and to the figure's length (figureFit), never cut: the whole
                '$3,731,240.00' is the point of the card, at 1440px four abreast as at 375px. */}
            <p
              title={figure}
              style={figure ? figureFit(figure) : undefined}
              className="text-[1.75rem] leading-tight font-bold text-ink tabular-nums [overflow-wrap:anywhere]"
            >
              {figure ??
                (loading ? (
                  <span className="inline-block h-7 w-24 animate-pulse rounded bg-slate-100 align-middle" />
                ) : (
                  '–'
                ))}
            </p>
            {comparison && previousLabel ? <ChangeLine field={field} comparison={comparison} previousLabel={previousLabel} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
