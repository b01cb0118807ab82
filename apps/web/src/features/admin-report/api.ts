import type { ReportMetric } from '@lbs/domain/schemas';
import type { TReportBreakdown, TReportComparison, TReportOverview, TReportRenewals, TReportSeries } from '@lbs/domain/report-responses';
import type { PeriodQuery } from '../../components/ui/period-select';
import { api } from '../../lib/api';

/** The back office's Report section: the overview cards (totals now) and one series per metric. */
const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportOverview: build.query<TReportOverview, void>({
      query: () => '/report/summary/overview',
      providesTags: ['Reports'],
    }),
    reportSeries: build.query<TReportSeries, { metric: ReportMetric; range: PeriodQuery }>({
      query: ({ metric, range }) => ({ url: `/report/summary/${metric}`, params: range }),
      providesTags: ['Reports'],
    }),
    /** Each card's figure for the period against the period of the same length before it. */
    reportComparison: build.query<TReportComparison, PeriodQuery>({
      query: (range) => ({ url: '/report/compare', params: range }),
      providesTags: ['Reports'],
    }),
    reportBreakdown: build.query<TReportBreakdown, PeriodQuery>({
      query: (range) => ({ url: '/report/breakdown', params: range }),
      providesTags: ['Reports'],
    }),
    /** Renewals of the period (automatic and manual apart, failed, recovered) and the next 30 days' recurring income. */
    reportRenewals: build.query<TReportRenewals, PeriodQuery>({
      query: (range) => ({ url: '/report/renewals', params: range }),
      providesTags: ['Reports'],
    }),
  }),
});

export const { useReportOverviewQuery, useReportSeriesQuery, useReportComparisonQuery, useReportBreakdownQuery, useReportRenewalsQuery } = reportApi;
