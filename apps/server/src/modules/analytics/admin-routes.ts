import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAnalyticsListQuery, ZStrictReportQuery } from '@lbs/domain/report-queries';
import { ZBoothRanking, ZErrorEventPage, ZUsageDaily, ZUsageEventPage, ZUsageSummary } from '@lbs/domain/report-responses';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { reportSemantics } from '../reports/admin-routes';
import { listErrorEvents, listUsageEvents } from './list-usage-events';
import { rankBooths } from './rank-booths';
import { usageDaily, usageSummary } from './usage-report';

const LIST_QUERY =
  'Newest first (the id breaks ties), paged by `page` and `page_size` (at most 100). Filter with a `period` ' +
  '(counted as the reports count it), or with `from` and/or `to` business days (YYYY-MM-DD, both included; ' +
  'from after to is 400), not both; with neither, every event. Keyset paging: `after=<next_cursor>` alone is the next page, ' +
  '`before=<prev_cursor>` alone the previous one; with `page` too, the cursor only says where to start reading.';

/** The back office's reads of what the desktop program reported; registered in the admin scope. */
export async function analyticsAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = ctx.config.BUSINESS_TIME_ZONE;
  const clock = () => ({ now: new Date(), timeZone });
  const zone = `Business days are days in BUSINESS_TIME_ZONE (this server: ${timeZone}).`;

  r.get(
    '/analytics/usage/summary',
    {
      schema: {
        summary: 'Files processed in a period, their average processing time, and the error rate',
        description: `Counts successful processing events; \`average_time\` is in seconds (0 without any); \`errors\` counts failed files and \`error_rate\` is errors over all events (null without any). ${reportSemantics(timeZone)}`,
        querystring: ZStrictReportQuery,
        response: { 200: ZUsageSummary, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => usageSummary(ctx.db, req.query, clock()),
  );

  r.get(
    '/analytics/booths',
    {
      schema: {
        summary: 'The busiest booths of a period and the ones with the most errors, 10 each',
        description: `A booth is a device under a licence; each comes with its licence, its owner and the name it goes by. Counted from the hourly counts per booth. ${reportSemantics(timeZone)}`,
        querystring: ZStrictReportQuery,
        response: { 200: ZBoothRanking, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => rankBooths(ctx.db, req.query, clock()),
  );

  r.get(
    '/analytics/usage/daily',
    {
      schema: {
        summary: 'Files processed and their average processing time, per business day',
        description: `One entry per day: successful processing events and their average time in seconds (0 without any). ${reportSemantics(timeZone)}`,
        querystring: ZStrictReportQuery,
        response: { 200: ZUsageDaily, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => usageDaily(ctx.db, req.query, clock()),
  );

  r.get(
    '/analytics/events',
    {
      schema: {
        summary: 'Files the desktop program processed, paged',
        description: `\`processing_time\` is in seconds; \`device_address\` is the device id, \`ip_address\` the address the report came from. ${LIST_QUERY} ${zone}`,
        querystring: ZAnalyticsListQuery,
        response: { 200: ZUsageEventPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listUsageEvents(ctx.db, req.query, clock()),
  );

  r.get(
    '/analytics/errors',
    {
      schema: {
        summary: 'Files the desktop program failed to process, paged',
        description: `\`device_address\` is the device id, \`ip_address\` the address the report came from. ${LIST_QUERY} ${zone}`,
        querystring: ZAnalyticsListQuery,
        response: { 200: ZErrorEventPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listErrorEvents(ctx.db, req.query, clock()),
  );
}
