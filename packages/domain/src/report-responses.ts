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

export const ZReportOverview = z.object({
  total_users: ZCount.describe('Customer accounts (admins not counted)'),
  total_subscriptions: ZCount.describe('Licences current now: not expired, not revoked'),
  total_orders: ZCount.describe('Paid orders'),
  total_income: ZUsd.describe('What paid orders charged, after discount, with shipping (USD)'),
});
export type TReportOverview = z.infer<typeof ZReportOverview>;

const ZReportCountDay = z.object({ date: ZDate, count: ZCount });

const ZReportIncomeDay = z.object({ date: ZDate, income: ZUsd });

/** One entry per day of the range, oldest first: `{date, income}` for total_income, else `{date, count}`. */
export const ZReportSeries = z.array(z.union([ZReportCountDay, ZReportIncomeDay]));
export type TReportSeries = z.infer<typeof ZReportSeries>;

const ZSeconds = z.number().nonnegative().describe('Seconds, to the millisecond; 0 when there was no usage');

export const ZUsageSummary = z.object({
  total_usage: ZCount.describe('Files processed successfully in the period'),
  average_time: ZSeconds,
});
export type TUsageSummary = z.infer<typeof ZUsageSummary>;

const ZUsageDay = z.object({ date: ZDate, count: ZCount, average_time: ZSeconds });

export const ZUsageDaily = z.array(ZUsageDay);
export type TUsageDaily = z.infer<typeof ZUsageDaily>;

/** A file the desktop program processed. */
export const ZUsageEvent = z.object({
  id: z.number().int(),
  timestamp: z.iso.datetime(),
  ip_address: z.string().nullable().describe('The client address the report came from'),
  filename: z.string().nullable(),
  file_type: z.string().nullable(),
  processing_time: z.number().nullable().describe('Seconds'),
  device_address: z.string().describe('The device id the licence is bound to'),
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
