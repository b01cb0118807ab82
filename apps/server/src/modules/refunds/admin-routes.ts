import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminInvoiceQuery } from '@lbs/domain/admin-queries';
import { REFUND_MSG, ZCancelOrderBody, ZCreditNoteJson, ZRefundBody, ZRefundJson } from '@lbs/domain/refunds';
import { ZOrder, ZPaged } from '@lbs/domain/responses';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { cancelOrder } from './cancel-order';
import { createRefund } from './create-refund';
import { listAllCreditNotes } from './credit-notes';
import { loadRefunds, toRefundJson } from '../orders/load-refunds';

const ZOrderIdParams = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Refunds, cancellations and every customer's credit notes (issue 23); registered in the admin scope. */
export async function refundAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/order/admin/:orderId/refunds',
    {
      schema: {
        summary: 'Refund a paid order, by lines (units) or by an amount, with a reason',
        description:
          'Discount and shipping are shared over the lines in proportion; never more than is left. The refund is written first (pending) under `id`, ' +
          'then made at the payment provider: the answer is succeeded, pending (the provider settles later) or failed with `failure_reason` (nothing else changed). ' +
          'On success the payment state becomes partially refunded or refunded, refunded licence lines are revoked (a renewal line takes back only its term), ' +
          'a credit note is issued and the customer is notified and mailed. The same `id` again answers the same refund; with another body, 409. ' +
          '404 unknown order; 409 not paid or refunded in full; 400 more than is left or an item not on the order.',
        params: ZOrderIdParams,
        body: withExample(ZRefundBody, { id: '0b6f3c1e-8c1d-4c43-9a55-7f3e2a1d9b10', mode: 'lines', lines: [{ order_line_id: 12, quantity: 1 }], reason: 'Bought twice by mistake' }),
        response: { 200: ZRefundJson, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => createRefund(ctx, await auditActorOf(req), req.params.orderId, req.body, { log: req.log }),
  );

  r.get(
    '/order/admin/:orderId/refunds',
    {
      schema: {
        summary: 'An order’s refunds, newest first, with their lines and credit notes',
        params: ZOrderIdParams,
        response: { 200: z.object({ items: z.array(ZRefundJson) }), ...errors(400, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => {
      const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.id, req.params.orderId));
      if (!order) throw notFound(REFUND_MSG.orderNotFound);
      return { items: ((await loadRefunds(ctx.db, [order.id])).get(order.id) ?? []).map(toRefundJson) };
    },
  );

  r.post(
    '/order/admin/:orderId/cancel',
    {
      schema: {
        summary: 'Cancel an order: unpaid, or paid and not shipped (refunded in full)',
        description:
          'Unpaid: cancelled at once, its checkout expired at the provider and its promotion use given back (a payment completing anyway is refunded automatically). ' +
          'Paid and not shipped (licence-only orders count as not shipped): refunded in full under `id`, cancelled when the refund succeeds. ' +
          '409 shipped (refund instead), already cancelled, or refunded in full.',
        params: ZOrderIdParams,
        body: withExample(ZCancelOrderBody, { id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d', reason: 'Customer asked to cancel' }),
        response: { 200: z.object({ order: ZOrder, refund: ZRefundJson.nullable() }), ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => cancelOrder(ctx, await auditActorOf(req), req.params.orderId, req.body, { log: req.log }),
  );

  r.get(
    '/invoice/admin/credit-notes',
    {
      schema: {
        summary: 'Every credit note, newest first, paged',
        description: '`q` matches the credit note number (42 or CN-42) exactly or the email anywhere (case-insensitive).',
        querystring: ZAdminInvoiceQuery,
        response: { 200: ZPaged(ZCreditNoteJson), ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listAllCreditNotes(ctx.db, req.query),
  );
}
