import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminOrderQuery } from '@lbs/domain/admin-queries';
import { ZAdminOrderPage } from '@lbs/domain/admin-responses';
import { ZOrder } from '@lbs/domain/responses';
import { ZOrderUpdateBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { listAllOrders } from './list-all-orders';
import { updateOrder } from './update-order';

/** The back office's order table and the admin's status and tracking change; registered in the admin scope. */
export async function orderAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = ctx.config.BUSINESS_TIME_ZONE;

  r.get(
    '/order/admin/all',
    {
      schema: {
        summary: "Every customer's paid orders with their lines, newest first, paged",
        description:
          '`q` matches the order id exactly, or the email or shipping name anywhere (case-insensitive); `status` the fulfilment status; ' +
          `\`from\`/\`to\` (YYYY-MM-DD, both included) the day it was placed in BUSINESS_TIME_ZONE (this server: ${timeZone}).`,
        querystring: ZAdminOrderQuery,
        response: { 200: ZAdminOrderPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listAllOrders(ctx.db, req.query, timeZone),
  );

  r.put(
    '/order/:orderId',
    {
      schema: {
        summary: 'Set an order’s status and tracking; the customer is notified, and mailed on shipped and delivered',
        description: 'An unknown order answers 404; a tracking URL that is not http(s), 400. A pending order’s tracking number is cleared.',
        params: z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: withExample(ZOrderUpdateBody, {
          status: 'shipped',
          track_num: '1Z999AA10123456784',
          carrier_name: 'UPS',
          estimate_date: '2030-01-10',
          track_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        }),
        response: { 200: ZOrder, ...errors(...BODY_ERRORS, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => updateOrder(ctx.db, await auditActorOf(req), req.params.orderId, req.body),
  );
}
