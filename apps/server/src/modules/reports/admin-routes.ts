import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_REPORT_DAYS } from '@lbs/domain/report-periods';
import { ZNoQuery, ZReportMetricParams, ZStrictReportQuery } from '@lbs/domain/report-queries';
import { ZReportOverview, ZReportSeries } from '@lbs/domain/report-responses';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { dailySeries } from './daily-series';
import { reportOverview } from './report-overview';

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
  '`total_users`: customer sign-ups that day. `active_subscriptions`: licences current at the end of that day ' +
  '(started, not expired, not revoked). `total_orders`: paid orders, by payment time. `total_income`: what those ' +
  'orders charged in USD, after discount and with shipping, by payment time (`{date, income}`; the others answer `{date, count}`).';

/** The back office's reports; registered in the admin scope, whose onRequest hook lets admins only. */
export async function reportAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = ctx.config.BUSINESS_TIME_ZONE;

  r.get(
    '/report/summary/overview',
    {
      schema: {
        summary: 'The overview cards: customers, current licences, paid orders and income, now',
        description:
          'Totals at the moment of the call: customer accounts, licences current now (not expired, not revoked), paid orders, and what they charged (USD, after discount, with shipping).',
        querystring: ZNoQuery,
        response: { 200: ZReportOverview, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async () => reportOverview(ctx.db, new Date()),
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
