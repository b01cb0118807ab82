import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminOrderQuery } from '@lbs/domain/admin-queries';
import { ZAdminOrderPage } from '@lbs/domain/admin-responses';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { listAllOrders } from './list-all-orders';

/** The back office's order table; registered in the admin scope (admins only). */
export async function orderAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const timeZone = ctx.config.BUSINESS_TIME_ZONE;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/order/admin/all',
    {
      schema: {
        tags: ['admin'],
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
}
