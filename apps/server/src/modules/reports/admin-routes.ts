import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_REPORT_DAYS } from '@lbs/domain/report-periods';
import { ZNoQuery, ZReportMetricParams, ZStrictReportQuery } from '@lbs/domain/report-queries';
import { ZReportBreakdown, ZReportComparison, ZReportOverview, ZReportRenewals, ZReportSeries } from '@lbs/domain/report-responses';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { dailySeries } from './daily-series';
import { reportBreakdown } from './report-breakdown';
import { reportComparison } from './report-comparison';
import { reportOverview } from './report-overview';
import { reportRenewals } from './report-renewals';

/** How the report routes count, written once for the document. */
export function reportSemantics(timeZone: string): string {
  return [
    `Days are business days in BUSINESS_TIME_ZONE (this server: ${timeZone}); a payment at 23:30 there belongs to that day.`,
    'Periods: `today`, `yesterday`, `last_7_days` (today and the 6 days before; the default), `last_1_month` (the last 30 days, today included);',
    `or \`start_date\` and \`end_date\` (YYYY-MM-DD, both included): a start after the end, or a span over ${MAX_REPORT_DAYS} days, is 400.`,
    'Every day of the range appears once, oldest first, zero-filled.',
  ].join(' ');
}

const METRIC_MEANING =
  '`total_users`: customer sign-ups that day. `active_subscriptions`: licences active at the end of that day ' +
  '(started, not expired, not revoked, not suspended), and for today (or a later day) now, as the overview card counts them; ' +
  'a licence suspended now counts until its suspension began, a reinstated one on every day of its term. `total_orders`: orders that were paid (refunded since or not), by payment time. `total_income`: net of refunds, what those ' +
  'orders charged in USD, after discount and with shipping, by payment time, minus what succeeded refunds gave back, by the time each succeeded: ' +
  'a day can be negative (`{date, income}`). `total_refunds`: what succeeded refunds gave back in USD, by the time each succeeded (`{date, refunds}`). ' +
  'The others answer `{date, count}`.';

/** The back office's reports; registered in the admin scope, whose onRequest hook lets admins only. */
export async function reportAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = ctx.config.BUSINESS_TIME_ZONE;

  r.get(
    '/report/summary/overview',
    {
      schema: {
        summary: 'The overview cards: customers, active licences, paid orders, income net of refunds and refunds, now',
        description:
          'Totals at the moment of the call: customer accounts, licences active now (started, not expired, not revoked, not suspended), orders that were paid (refunded ones too), ' +
          'what they charged (USD, after discount, with shipping) minus what succeeded refunds gave back, and those refunds.',
        querystring: ZNoQuery,
        response: { 200: ZReportOverview, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async () => reportOverview(ctx.db, new Date()),
  );

  r.get(
    '/report/compare',
    {
      schema: {
        summary: "Each card's figure for a period and for the period of the same length right before it",
        description:
          'Sign-ups, paid orders, income net of refunds and refunds (each refund in the range it succeeded) in each range, and licences active at the end of each (the rule of `active_subscriptions`), with the change: ' +
          '`direction` up, down or flat, and `percent` (one decimal; null when the previous figure was 0 and this one is not, shown as "new"). ' +
          'The previous period has as many days and ends the day before the period starts: yesterday for today, the 7 days before the last 7 days, ' +
          'the 30 days before the last 1 month, the same number of days before a custom range. A period that has not ended counts up to now, ' +
          `and the previous one up to the same time of day (wall clock) on its matching day. ${reportSemantics(timeZone)}`,
        querystring: ZStrictReportQuery,
        response: { 200: ZReportComparison, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => reportComparison(ctx.db, req.query, { now: new Date(), timeZone }),
  );

  r.get(
    '/report/breakdown',
    {
      schema: {
        summary: 'Income and orders by product and by country, and the licences that ended and were renewed, for a period',
        description:
          'Paid orders of the period (by payment time, up to now), less the refunds that succeeded in it (`refunds` on each row: what was taken off its `income`). ' +
          '`by_product`: each product line at its own price less its refund lines (discount and shipping allocated in proportion), then shipping and discounts as rows of their own, ' +
          'and what refunds gave back on no line as a `refunds` row, so the rows add up to the income net of refunds. ' +
          '`by_country`: the country of the shipping address; orders with nothing to ship (licences only) have none (`country` null). ' +
          '`renewals`: licence terms that ended in the period (not revoked), how many a paid renewal extended before the end (`renewed_in_time`) or after it (`renewed_late`), ' +
          `and renewed_in_time / ended as \`rate\` in percent (null when none ended). ${reportSemantics(timeZone)}`,
        querystring: ZStrictReportQuery,
        response: { 200: ZReportBreakdown, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => reportBreakdown(ctx.db, req.query, { now: new Date(), timeZone }),
  );

  r.get(
    '/report/renewals',
    {
      schema: {
        summary: 'Renewals of a period, automatic and manual apart; those that failed for good and those recovered; the recurring income of the next 30 days',
        description:
          '`automatic`: renewal orders the renewal job wrote, paid in the range (by payment time), at what they charged. `manual`: Renew lines of cart orders paid in the range, at their own price. ' +
          '`failed`: automatic renewals whose grace ended unpaid in the range. `recovered`: of the automatic ones paid in the range, those paid after at least one failed charge attempt. ' +
          '`upcoming`: licences that renew automatically (not revoked, not suspended) whose term ends between now and `until` (now + 30 days), at the price each renewal will charge; licences already in grace are not in it. ' +
          reportSemantics(timeZone),
        querystring: ZStrictReportQuery,
        response: { 200: ZReportRenewals, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => reportRenewals(ctx.db, req.query, { now: ctx.clock.now(), timeZone }),
  );

  r.get(
    '/report/summary/:metric',
    {
      schema: {
        summary: 'One metric per business day of a period or custom range',
        description: `${METRIC_MEANING} ${reportSemantics(timeZone)}`,
        params: ZReportMetricParams,
        querystring: ZStrictReportQuery,
        response: { 200: ZReportSeries, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => dailySeries(ctx.db, req.params.metric, req.query, { now: new Date(), timeZone }),
  );
}
