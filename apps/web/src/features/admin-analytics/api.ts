import { PAGE_SIZE } from '@lbs/domain/paging';
import type {
  TBoothRanking,
  TErrorEventPage,
  TUsageDaily,
  TUsageEventPage,
  TUsageSummary,
} from '@lbs/domain/report-responses';
import type { PeriodQuery } from '../../components/ui/period-select';
import { api } from '../../lib/api';

/** A page of events in a period: the lists take a period, or the custom range as from/to. */
interface EventPageArgs {
  range: PeriodQuery;
  page: number;
  /** Positions of the page the admin was on in this same list, so a nearby page is cheap to read. */
  after?: string;
  before?: string;
}

const eventParams = ({ range, page, after, before }: EventPageArgs) => ({
  page,
  page_size: PAGE_SIZE,
  ...(after ? { after } : {}),
  ...(before ? { before } : {}),
  ...('period' in range
    ? { period: range.period }
    : { from: range.start_date, to: range.end_date }),
});

/** The back office's Analytics section: what the desktop program reported. */
const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    usageSummary: build.query<TUsageSummary, PeriodQuery>({
      query: (range) => ({ url: '/analytics/usage/summary', params: range }),
      providesTags: ['Reports'],
    }),
    boothRanking: build.query<TBoothRanking, PeriodQuery>({
      query: (range) => ({ url: '/analytics/booths', params: range }),
      providesTags: ['Reports'],
    }),
    usageDaily: build.query<TUsageDaily, PeriodQuery>({
      query: (range) => ({ url: '/analytics/usage/daily', params: range }),
      providesTags: ['Reports'],
    }),
    usageEvents: build.query<TUsageEventPage, EventPageArgs>({
      query: (args) => ({ url: '/analytics/events', params: eventParams(args) }),
      providesTags: ['Reports'],
    }),
    errorEvents: build.query<TErrorEventPage, EventPageArgs>({
      query: (args) => ({ url: '/analytics/errors', params: eventParams(args) }),
      providesTags: ['Reports'],
    }),
  }),
});

export const {
  useUsageSummaryQuery,
  useBoothRankingQuery,
  useUsageDailyQuery,
  useUsageEventsQuery,
  useErrorEventsQuery,
} = analyticsApi;
