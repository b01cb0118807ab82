import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOrderPage } from '@lbs/domain/responses';
import { ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { ownerOrAdmin } from '../../plugins/guards';
import { BEARER, errors } from '../../lib/openapi';
import { listUserOrders } from './list-user-orders';

export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/order/user/:userId',
    {
      schema: {
        tags: ['orders'],
        summary: "A user's paid orders with their lines, newest first, paged (the user or an admin)",
        params: z.object({ userId: z.coerce.number().int().positive() }),
        querystring: ZPaging,
        response: { 200: ZOrderPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
      onRequest: ownerOrAdmin((p) => p.userId),
    },
    async (req) => listUserOrders(ctx.db, req.params.userId, req.query),
  );
}
