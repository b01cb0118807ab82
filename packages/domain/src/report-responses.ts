/**
 * What the back office's report and analytics routes answer: the routes' `response` schemas and
 * the types the admin screens read. Money is USD as a number with at most 2 decimals; days are
 * business days (YYYY-MM-DD) in the server's BUSINESS_TIME_ZONE; instants are ISO 8601 in UTC.
 */
import { z } from 'zod';

import { ZPaged } from './responses';

const ZDate = z.string().describe('A business day, YYYY-MM-DD');
const ZCount = z.number().int().nonnegative();
const ZUsd = z.number().nonnegative().describe('USD, at most 2 decimals');
/** Income net of refunds: a day (or a period) whose refunds exceed its payments is negative. */
const ZNetUsd = z.number().describe('USD, at most 2 decimals; negative when more went back than was paid');

export const ZReportOverview = z.object({
  total_users: ZCount.describe('Customer accounts (admins not counted)'),
  total_subscriptions: ZCount.describe('Licences current now: not expired, not revoked'),
  total_orders: ZCount.describe('Paid orders'),
  total_income: ZNetUsd.describe('What paid orders charged (after discount, with shipping) minus the refunds that succeeded: net of refunds (USD)'),
  total_refunds: ZUsd.describe('What succeeded refunds gave back (USD)'),
});
export type TReportOverview = z.infer<typeof ZReportOverview>;

const ZReportCountDay = z.object({ date: ZDate, count: ZCount });

const ZReportIncomeDay = z.object({ date: ZDate, income: ZNetUsd });

const ZReportRefundsDay = z.object({ date: ZDate, refunds: ZUsd });

/**
 * One entry per day of the range, oldest first: `{date, income}` for total_income (paid that day
 * minus refunded that day), `{date, refunds}` for total_refunds, else `{date, count}`.
 */
export const ZReportSeries = z.array(z.union([ZReportCountDay, ZReportIncomeDay, ZReportRefundsDay]));
export type TReportSeries = z.infer<typeof ZReportSeries>;

const ZSeconds = z.number().nonnegative().describe('Seconds, to the millisecond; 0 when there was no usage');

export const ZUsageSummary = z.object({
  total_usage: ZCount.describe('Files processed successfully in the period'),
  average_time: ZSeconds,
  errors: ZCount.describe('Files the desktop program failed to process in the period'),
  error_rate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe('errors / (total_usage + errors), a fraction from 0 to 1; null when the period has no events'),
});
export type TUsageSummary = z.infer<typeof ZUsageSummary>;

/** One booth (a device under a licence) in a period, with what it reported and whose it is. */
const ZBoothActivity = z.object({
  license_id: z.string().describe('The licence the booth reported with'),
  key_suffix: z.string().describe("The last group of that licence's key"),
  device_id: z.string(),
  booth_name: z
    .string()
    .nullable()
    .describe('The name its owner gave it in the fleet view, else the name the desktop program reported while bound; null: none'),
  customer_id: z.number().int().describe("The licence owner's user id"),
  email: z.string().describe("The licence owner's email"),
  events: ZCount.describe('Files processed and failed in the period'),
  errors: ZCount.describe('Files failed in the period'),
});
export type TBoothActivity = z.infer<typeof ZBoothActivity>;

/** The busiest booths of a period and the ones with the most errors, at most 10 each. */
export const ZBoothRanking = z.object({
  busiest: z.array(ZBoothActivity).describe('Most events first; ties by licence and device id'),
  most_errors: z.array(ZBoothActivity).describe('Most errors first (booths with none left out); ties by licence and device id'),
});
export type TBoothRanking = z.infer<typeof ZBoothRanking>;

const ZUsageDay = z.object({ date: ZDate, count: ZCount, average_time: ZSeconds });

export const ZUsageDaily = z.array(ZUsageDay);
export type TUsageDaily = z.infer<typeof ZUsageDaily>;

/** The licence an event was reported with, so the back office links the device to it (issue 20). */
const eventLicense = {
  license_id: z.string().nullable().describe('The licence the event was reported with; null once that licence is deleted'),
  key_suffix: z.string().nullable().describe("The last group of that licence's key"),
};

/** A file the desktop program processed. */
export const ZUsageEvent = z.object({
  id: z.number().int(),
  timestamp: z.iso.datetime(),
  ip_address: z.string().nullable().describe('The client address the report came from'),
  filename: z.string().nullable(),
  file_type: z.string().nullable(),
  processing_time: z.number().nullable().describe('Seconds'),
  device_address: z.string().describe('The device id the licence is bound to'),
  ...eventLicense,
});
export type TUsageEvent = z.infer<typeof ZUsageEvent>;

/** A file the desktop program failed to process. */
const ZErrorEvent = z.object({
  id: z.number().int(),
  timestamp: z.iso.datetime(),
  ip_address: z.string().nullable().describe('The client address the report came from'),
  filename: z.string().nullable().describe('The file that failed, as the desktop program sent it'),
  file_type: z.string().nullable(),
  device_address: z.string().describe('The device id the licence is bound to'),
  error_message: z.string().nullable(),
  ...eventLicense,
});
export type TErrorEvent = z.infer<typeof ZErrorEvent>;

/**
 * The event lists page by keyset (DESIGN §5): besides the page, the positions just past its last
 * row and just before its first, which the next request passes back as `after` or `before` so a
 * nearby page costs the same however deep it is. Opaque to the client; null on an empty page.
 */
const keysetCursors = {
  next_cursor: z.string().nullable().describe('Pass as `after` when asking for a later page'),
  prev_cursor: z.string().nullable().describe('Pass as `before` when asking for an earlier page'),
};

export const ZUsageEventPage = ZPaged(ZUsageEvent).extend(keysetCursors);
export type TUsageEventPage = z.infer<typeof ZUsageEventPage>;

export const ZErrorEventPage = ZPaged(ZErrorEvent).extend(keysetCursors);
export type TErrorEventPage = z.infer<typeof ZErrorEventPage>;

// ---------------------------------------------------------------------------------------------
// Reports that compare (issue 22)

const ZInstantRange = z.object({
  start: z.iso.datetime().describe('First instant, included (UTC)'),
  end: z.iso.datetime().describe('First instant after the range (UTC); now while the period runs'),
});

const ZChange = z.object({
  direction: z.enum(['up', 'down', 'flat']),
  percent: z.number().nullable().describe('Percent change from the previous period, one decimal; null when the previous figure was 0 and this one is not ("new")'),
});

const ZComparedCount = z.object({ current: ZCount, previous: ZCount, change: ZChange });
const ZComparedUsd = z.object({ current: ZUsd, previous: ZUsd, change: ZChange });
const ZComparedNetUsd = z.object({ current: ZNetUsd, previous: ZNetUsd, change: ZChange });

export const ZReportComparison = z.object({
  current: ZInstantRange,
  previous: ZInstantRange.extend({
    first_day: ZDate,
    last_day: ZDate,
    cut: z
      .object({ day: ZDate, time: z.string().regex(/^\d{2}:\d{2}$/) })
      .nullable()
      .describe('Where a running period\'s previous range stops (the same time of day): its business day and wall-clock time HH:MM; null when it is whole days'),
  }),
  total_users: ZComparedCount.describe('Customer sign-ups in each range'),
  active_subscriptions: ZComparedCount.describe('Licences active at the end of each range'),
  total_orders: ZComparedCount.describe('Paid orders, by payment time'),
  total_income: ZComparedNetUsd.describe('What those orders charged (USD, after discount, with shipping) minus the refunds that succeeded in the range: net of refunds'),
  total_refunds: ZComparedUsd.describe('What succeeded refunds gave back in each range, by the time they succeeded (USD)'),
});
export type TReportComparison = z.infer<typeof ZReportComparison>;

const ZBreakdownRow = z.object({
  orders: ZCount.describe('Paid orders with this line (or this country)'),
  income: z.number().describe('USD net of the refunds of the period; the discount and refunds rows are negative'),
  refunds: ZUsd.describe('USD: what succeeded refunds of the period took back from this row (already subtracted from income)'),
});

export const ZReportBreakdown = z.object({
  current: ZInstantRange,
  by_product: z.array(
    ZBreakdownRow.extend({
      kind: z.enum(['product', 'shipping', 'discount', 'refunds']),
      product_id: z.number().int().nullable().describe('Null for the shipping, discount and refunds rows'),
      name: z.string(),
      units: ZCount.describe('Units sold; 0 for the shipping, discount and refunds rows'),
    }),
  ).describe(
    'Lines at their own price less the refunds of the period on them (each refund line\'s share, discount and shipping allocated in proportion), ' +
      'then shipping and discount as rows of their own, and a Refunds row for what went back on no line: the rows add up to the income net of refunds',
  ),
  by_country: z.array(
    ZBreakdownRow.extend({
      country: z.string().nullable().describe('ISO 3166-1 alpha-2 of the shipping address; null for orders with nothing to ship'),
      name: z.string(),
    }),
  ),
  renewals: z.object({
    ended: ZCount.describe('Licence terms that ended in the range (not revoked), renewed or not'),
    renewed_in_time: ZCount.describe('Of those, renewed by a paid renewal before the term ended'),
    renewed_late: ZCount.describe('Of those, renewed after the term ended'),
    rate: z.number().nullable().describe('renewed_in_time / ended in percent, one decimal; null when none ended'),
  }),
});
export type TReportBreakdown = z.infer<typeof ZReportBreakdown>;

/** A count of renewals and what they brought in. */
const ZRenewalFigure = z.object({ count: ZCount, income: ZUsd });

/**
 * GET /report/renewals (issue 39): the renewals of a period, automatic and manual apart, the ones
 * that failed for good and the ones recovered after a failure, and the recurring income coming.
 */
export const ZReportRenewals = z.object({
  current: ZInstantRange,
  automatic: ZRenewalFigure.describe('Automatic renewals paid in the range (orders the renewal job wrote), by payment time; income is what they charged'),
  manual: ZRenewalFigure.describe('Manual renewals paid in the range (a Renew line in a cart order), by payment time; income is those lines at their own price'),
  failed: ZCount.describe('Automatic renewals that failed for good in the range: grace ended unpaid, by when it ended'),
  recovered: ZRenewalFigure.describe('Of the automatic renewals paid in the range, those paid after at least one failed charge attempt'),
  upcoming: ZRenewalFigure.extend({ until: z.string() }).describe(
    'Licences that renew automatically (not revoked, not suspended) whose term ends from now until `until` (now + 30 days): the renewal price each will be charged (a prepared renewal: its order total)',
  ),
});
export type TReportRenewals = z.infer<typeof ZReportRenewals>;
