import { useId, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { ChartCard, ChartsLoading } from '../../../components/charts/chart-card';
import { DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { PeriodSelect, usePeriod } from '../../../components/ui/period-select';
import { useLoggedFailure } from '../../../lib/use-logged-failure';
import {
  currentPage,
  dailyPoints,
  errorRateText,
  goToPage,
  initialEventsView,
  rangeKey,
  summaryLine,
  switchMode,
  type EventMode,
} from '../analytics-view';
import {
  useBoothRankingQuery,
  useErrorEventsQuery,
  useUsageDailyQuery,
  useUsageEventsQuery,
  useUsageSummaryQuery,
} from '../api';
import { BoothRankings } from '../components/booth-rankings';
import { ERROR_COLUMNS, USAGE_COLUMNS } from '../components/event-tables';

const MODES: ReadonlyArray<{ value: EventMode; label: string }> = [
  { value: 'success', label: 'Success' },
  { value: 'error', label: 'Error' },
];

/**
 * ANALYTICS (spec §2): what the desktop program reported in a period (default the last 7 days):
 * the summary line, files processed and their average time per day, and the events themselves,
 * successful or failed, 10 per page from the server. Failures are only logged (spec §8).
 */
export function AnalyticsPage() {
  const period = usePeriod('last_7_days');
  const range = period.query;
  const key = rangeKey(range);
  const [view, setView] = useState(() => initialEventsView(key));
  const page = currentPage(view, key);
  const radioName = useId();

  const summary = useUsageSummaryQuery(range ?? skipToken);
  const daily = useUsageDailyQuery(range ?? skipToken);
  const booths = useBoothRankingQuery(range ?? skipToken);
  // The page the admin left, in this same list: its positions let the server start next to it.
  const [leftPage, setLeftPage] = useState<{ list: string; page: number; next: string | null; prev: string | null } | null>(null);
  const listId = `${view.mode}:${key}`;
  const from = leftPage?.list === listId ? leftPage : null;
  const listArgs = range
    ? {
        range,
        page,
        after: from && page > from.page ? (from.next ?? undefined) : undefined,
        before: from && page < from.page ? (from.prev ?? undefined) : undefined,
      }
    : skipToken;
  const usage = useUsageEventsQuery(view.mode === 'success' ? listArgs : skipToken);
  const errors = useErrorEventsQuery(view.mode === 'error' ? listArgs : skipToken);
  useLoggedFailure('The usage summary', summary.error);
  useLoggedFailure('The daily usage', daily.error);
  useLoggedFailure('The booth ranking', booths.error);
  useLoggedFailure('The usage events', usage.error);
  useLoggedFailure('The error logs', errors.error);

  const list = view.mode === 'success' ? usage : errors;
  const title = view.mode === 'success' ? MSG.successfulUsageEvents : MSG.errorLogs;
  // While the next page loads the last one stays, dimmed, so the table and pager do not jump.
  const totalPages = list.data ? pageCount(list.data.total, list.data.page_size) : 0;
  const refreshing = list.isFetching && !list.isLoading;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold text-ink">Analytics</h2>
          <p className="mt-1 text-sm text-slate-500">
            Files the desktop app processed, and the ones it could not.
          </p>
        </div>
        <PeriodSelect state={period} />
      </div>

      <p
        className="rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-900 tabular-nums sm:text-base"
        data-testid="usage-summary"
        aria-live="polite"
        aria-busy={summary.isFetching}
      >
        {summary.isFetching ? (
          MSG.loading
        ) : (
          <>
            {/* The spec's line exactly as the spec writes it, and the error rate in its own words after it. */}
            <span>{summaryLine(summary.currentData)}</span>
            <span aria-hidden="true" className="hidden sm:inline"> | </span>
            <span className="block sm:inline">Error Rate: {errorRateText(summary.currentData?.error_rate)}</span>
          </>
        )}
      </p>

      {daily.isFetching ? (
        <ChartsLoading />
      ) : range ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <ChartCard
            title={MSG.totalUsage}
            kind="count"
            points={dailyPoints(daily.currentData, 'count')}
          />
          <ChartCard
            title={MSG.averageProcessingTime}
            kind="seconds"
            yLabel={MSG.averageTimeAxis}
            points={dailyPoints(daily.currentData, 'average_time')}
          />
        </div>
      ) : null}

      {range ? (
        <BoothRankings
          ranking={booths.currentData}
          loading={booths.isFetching && !booths.currentData}
          failed={booths.isError && { onRetry: () => void booths.refetch(), retrying: booths.isFetching }}
        />
      ) : null}

      <section aria-labelledby={`${radioName}-title`} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={`${radioName}-title`} className="text-lg font-semibold text-ink">
            {title}
          </h3>
          <fieldset className="flex gap-1 rounded-xl bg-slate-100 p-1">
            <legend className="sr-only">Events to show</legend>
            {MODES.map((m) => (
              <label
                key={m.value}
                className={`flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                  view.mode === m.value
                    ? 'bg-white text-brand-700 shadow-sm'
                    : 'text-slate-600 hover:text-ink'
                }`}
              >
                <input
                  type="radio"
                  name={radioName}
                  value={m.value}
                  checked={view.mode === m.value}
                  onChange={() => setView(switchMode(m.value, key))}
                  className="h-4 w-4 accent-brand-600 focus-visible:outline-none"
                />
                {m.label}
              </label>
            ))}
          </fieldset>
        </div>
        <div
          aria-busy={list.isFetching}
          className={refreshing ? 'opacity-60 transition-opacity' : undefined}
        >
          {view.mode === 'success' ? (
            <DataTable
              caption={title}
              columns={USAGE_COLUMNS}
              rows={usage.data?.items}
              rowKey={(e) => e.id}
              loading={usage.isLoading}
              failed={usage.isError && { onRetry: () => void usage.refetch(), retrying: usage.isFetching }}
              empty={MSG.noDataAvailableTable}
            />
          ) : (
            <DataTable
              caption={title}
              columns={ERROR_COLUMNS}
              rows={errors.data?.items}
              rowKey={(e) => e.id}
              loading={errors.isLoading}
              failed={errors.isError && { onRetry: () => void errors.refetch(), retrying: errors.isFetching }}
              empty={MSG.noDataAvailableTable}
            />
          )}
        </div>
        <Pager
          page={page}
          totalPages={totalPages}
          onChange={(p) => {
            if (list.data) setLeftPage({ list: listId, page: list.data.page, next: list.data.next_cursor, prev: list.data.prev_cursor });
            setView(goToPage(view, p, key));
          }}
          label={`${title} pages`}
        />
      </section>
    </div>
  );
}
