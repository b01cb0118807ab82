import { formatUsd } from '@lbs/domain/money';
import type { ReportMetric } from '@lbs/domain/schemas';
import type { TReportOverview, TReportSeries } from '@lbs/domain/report-responses';
import type { ChartPoint, ChartValueKind } from '../../components/charts/chart-scale';

/**
 * The four charts in the spec's order, with the card's overview field and the chart's unit. The
 * refunds (total_refunds) are drawn as a second line on the income chart, not a chart of their own.
 */
export const REPORT_METRIC_VIEWS: ReadonlyArray<{
  metric: ReportMetric;
  overview: keyof TReportOverview;
  kind: ChartValueKind;
}> = [
  { metric: 'total_users', overview: 'total_users', kind: 'count' },
  { metric: 'active_subscriptions', overview: 'total_subscriptions', kind: 'count' },
  { metric: 'total_orders', overview: 'total_orders', kind: 'count' },
  { metric: 'total_income', overview: 'total_income', kind: 'usd' },
];

/** The comparison's figure for each card (active subscriptions: licences active at each period's end). */
export const COMPARED_METRIC: Record<keyof TReportOverview, ReportMetric> = {
  total_users: 'total_users',
  total_subscriptions: 'active_subscriptions',
  total_orders: 'total_orders',
  total_income: 'total_income',
  total_refunds: 'total_refunds',
};

/** The cards whose figure is money. */
const USD_FIELDS: ReadonlySet<keyof TReportOverview> = new Set(['total_income', 'total_refunds']);

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A card's figure: income as '$1,500.00' (spec: $ with 2 decimals), counts as '1,204'. */
export function formatOverviewFigure(field: keyof TReportOverview, value: number): string {
  return USD_FIELDS.has(field) ? formatUsd(value) : COUNT.format(value);
}

/**
 * Widest a character of a card's figure is, in em: the bold tabular digits, '$' and the group
 * commas of the card's font average under this, so a figure sized by it fits its card's width.
 */
const FIGURE_CHAR_EM = 0.72;

/**
 * A figure's font size: as large as the card allows (1.75rem at most), smaller as the figure grows
 * longer, by the card's width (cqi; each card is a size container). The floor keeps an absurdly
 * long figure legible; it then wraps instead of being cut.
 */
export function figureFit(figure: string): { fontSize: string } {
  const perChar = 100 / (Math.max(figure.length, 1) * FIGURE_CHAR_EM);
  return { fontSize: `clamp(0.75rem, ${perChar.toFixed(2)}cqi, 1.75rem)` };
}

/** A report series as chart points: `income` for total_income, `refunds` for total_refunds, `count` for the others. */
export function seriesPoints(series: TReportSeries | undefined): ChartPoint[] {
  return (series ?? []).map((day) => ({
    date: day.date,
    value: 'income' in day ? day.income : 'refunds' in day ? day.refunds : day.count,
  }));
}

/**
 * The figure beside a chart's heading. Sign-ups, orders and income add up over the period;
 * active subscriptions are a level per day, so the period's last day is the one to say.
 */
export function seriesHeadline(
  metric: ReportMetric,
  points: readonly ChartPoint[],
): string | undefined {
  if (!points.length) return undefined;
  if (metric === 'active_subscriptions')
    return `${COUNT.format(points[points.length - 1]!.value)} at the last day`;
  const sum = points.reduce((total, p) => total + p.value, 0);
  // Cents added as integers: a week of $0.10s is $0.70, not $0.7000000000000001 rounded.
  if (metric === 'total_income' || metric === 'total_refunds') {
    const cents = points.reduce((total, p) => total + Math.round(p.value * 100), 0);
    return `${formatUsd(cents / 100)} in period`;
  }
  return `${COUNT.format(sum)} in period`;
}
