import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOrder, ZOrderPage } from '@lbs/domain/responses';
import { safeString } from '@lbs/domain/schemas';
import { ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { ownerOrAdmin, requireUser } from '../../plugins/guards';
import { findCheckoutOrder } from './find-checkout-order';
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

  r.get(
    '/order/checkout/:sessionId',
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's order behind a payment session (the checkout success page)",
        description: '`payment_status` says whether the payment is confirmed yet (a Stripe webhook may take a moment). 404 for a session that is not the caller’s.',
        params: z.object({ sessionId: safeString().min(1).max(255) }),
        response: { 200: ZOrder, ...errors(400, 401, 404) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => findCheckoutOrder(ctx.db, req.user.id, req.params.sessionId),
  );
}
