import { skipToken } from '@reduxjs/toolkit/query/react';
import { MSG } from '@lbs/domain/messages';
import { previousPeriodLabel } from '@lbs/domain/report-comparison';
import type { ReportMetric } from '@lbs/domain/schemas';
import { ChartCard, ChartsLoading } from '../../../components/charts/chart-card';
import { PeriodSelect, usePeriod, type PeriodQuery } from '../../../components/ui/period-select';
import { useLoggedFailure } from '../../../lib/use-logged-failure';
import { useReportBreakdownQuery, useReportComparisonQuery, useReportOverviewQuery, useReportRenewalsQuery, useReportSeriesQuery } from '../api';
import { BreakdownTables } from '../components/breakdown-tables';
import { OverviewCards } from '../components/overview-cards';
import { RenewalFigures } from '../components/renewal-figures';
import { REPORT_METRIC_VIEWS, seriesHeadline, seriesPoints } from '../report-figures';

const TITLES: Record<ReportMetric, string> = {
  total_users: MSG.totalUsers,
  active_subscriptions: MSG.activeSubscriptions,
  total_orders: MSG.totalOrders,
  total_income: MSG.totalIncome,
  total_refunds: MSG.totalRefunds,
};

/** What a chart's points mean, where that is not obvious. */
const NOTES: Partial<Record<ReportMetric, string>> = {
  active_subscriptions: MSG.activeSubscriptionsPoints,
  total_income: MSG.incomeNetOfRefunds,
};

/** One metric's series for the chosen period; nothing is asked while a custom range lacks a date. */
function useSeries(metric: ReportMetric, range: PeriodQuery | null) {
  const result = useReportSeriesQuery(range ? { metric, range } : skipToken);
  useLoggedFailure(`The ${metric} report`, result.error);
  // currentData: the answer for this period only, never the last period's while the next loads.
  return { points: seriesPoints(result.currentData), fetching: result.isFetching };
}

/**
 * REPORT (spec §2): the overview cards (totals now) and one line chart per metric for a period;
 * income is net of refunds, the refunds a card of their own and a dashed line on the income chart
 * (DESIGN §6.2). Failures are only logged (spec §8): the cards show a dash and the charts their
 * empty state.
 */
export function ReportPage() {
  const period = usePeriod();
  const overview = useReportOverviewQuery();
  useLoggedFailure('The report overview', overview.error);
  const series = {
    total_users: useSeries('total_users', period.query),
    active_subscriptions: useSeries('active_subscriptions', period.query),
    total_orders: useSeries('total_orders', period.query),
    total_income: useSeries('total_income', period.query),
    total_refunds: useSeries('total_refunds', period.query),
  };
  const comparison = useReportComparisonQuery(period.query ?? skipToken);
  useLoggedFailure('The report comparison', comparison.error);
  const breakdown = useReportBreakdownQuery(period.query ?? skipToken);
  useLoggedFailure('The report breakdown', breakdown.error);
  const renewals = useReportRenewalsQuery(period.query ?? skipToken);
  useLoggedFailure('The report renewals', renewals.error);
  // What the cards compare with, in the words of the comparison's own answer (issue 37).
  const previousLabel = period.query ? previousPeriodLabel(period.query, comparison.currentData?.previous.cut) : undefined;
  const loading = REPORT_METRIC_VIEWS.some(({ metric }) => series[metric].fetching) || series.total_refunds.fetching;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold text-ink">Report</h2>
          <p className="mt-1 text-sm text-slate-500">
            Totals as of now, each with the period against {previousLabel ?? 'the period before it'}; the charts and the
            breakdowns show the period.
          </p>
        </div>
        <PeriodSelect state={period} />
      </div>

      <OverviewCards
        overview={overview.data}
        loading={overview.isLoading}
        comparison={comparison.currentData}
        previousLabel={previousLabel}
      />

      {loading ? (
        <ChartsLoading />
      ) : period.query ? (
        <div data-testid="report-charts" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {REPORT_METRIC_VIEWS.map(({ metric, kind }) => (
            <ChartCard
              key={metric}
              title={TITLES[metric]}
              kind={kind}
              points={series[metric].points}
              headline={seriesHeadline(metric, series[metric].points)}
              note={NOTES[metric]}
              second={
                metric === 'total_income' && series.total_refunds.points.length
                  ? { name: TITLES.total_refunds, points: series.total_refunds.points }
                  : undefined
              }
            />
          ))}
        </div>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
          Choose a start and an end date to see the charts.
        </p>
      )}

      {period.query ? <BreakdownTables
          breakdown={breakdown.currentData}
          loading={breakdown.isFetching && !breakdown.currentData}
          failed={breakdown.isError && !breakdown.isFetching}
        /> : null}

      {period.query ? (
        <RenewalFigures
          renewals={renewals.currentData}
          loading={renewals.isFetching && !renewals.currentData}
          failed={renewals.isError && !renewals.isFetching}
        />
      ) : null}
    </div>
  );
}
