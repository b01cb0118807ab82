import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminNotificationQuery, ZMarkReadBody } from '@lbs/domain/admin-queries';
import { ZAdminNotificationPage, ZMarkReadResult } from '@lbs/domain/admin-responses';
import type { AppContext } from '../../app-context';
import { BODY_ERRORS, BEARER, errors, withExample } from '../../lib/openapi';
import { listAllNotifications } from './list-all-notifications';
import { auditActorOf } from '../audit/record-admin-action';
import { markNotificationsRead } from './mark-notifications-read';

/** The back office's notification table; registered in the admin scope (admins only). */
export async function notificationAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notification/admin/all',
    {
      schema: {
        summary: "The admins' feed, or customers' notifications (read-only), newest first, paged",
        description:
          "By default the admins' own shared feed (paid orders, declined payments, contact messages): one row per event, one read and done state for all admins. `audience=customers` lists what the shop told its customers, each with the customer's email and `read_only: true`: admins view them but cannot mark them. `user_id`/`email` name the customer concerned.",
        querystring: ZAdminNotificationQuery,
        response: { 200: ZAdminNotificationPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listAllNotifications(ctx.db, req.query),
  );

  r.patch(
    '/notification/read',
    {
      schema: {
        summary: "Mark up to 100 rows of the admins' feed read, for every admin",
        description:
          "`updated` counts the ones that were unread; unknown ids are ignored, and a repeat changes nothing. A customer's notification among the ids answers 403 and nothing changes: customers' notifications are read-only to admins. Audited as one entry naming the ids.",
        body: withExample(ZMarkReadBody, { ids: ['7d0f3c1e-2b4a-4c8e-9f1a-3e5b6c7d8e9f'] }),
        response: { 200: ZMarkReadResult, ...errors(...BODY_ERRORS, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => markNotificationsRead(ctx.db, await auditActorOf(req), req.body.ids),
  );
}
