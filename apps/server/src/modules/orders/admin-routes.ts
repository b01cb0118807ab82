import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminOrderQuery } from '@lbs/domain/admin-queries';
import { ZAdminOrderPage, ZOrderShipResult } from '@lbs/domain/admin-responses';
import { ZOrder } from '@lbs/domain/responses';
import { ZOrderShipBody, ZOrderUpdateBody, ZPackingSlipsQuery } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { callerKey } from '../../lib/caller-key';
import { BEARER, binaryResponse, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { findPackingSlips } from './find-packing-slips';
import { listAllOrders } from './list-all-orders';
import { streamPackingSlips, type PackingSlip } from './packing-slip-pdf';
import { shipOrders } from './ship-orders';
import { updateOrder } from './update-order';

const ZOrderIdParams = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) });

const packingSlipResponse = binaryResponse('application/pdf', 'The packing slips, one order a page, as an attachment');

// Rendering PDFs costs real CPU; an admin prints a few batches at a time.
const pdfLimit = { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: callerKey } };

function sendPackingSlips(reply: FastifyReply, slips: PackingSlip[], fileName: string, timeZone: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(streamPackingSlips(slips, timeZone));
}

/** The back office's order table and the admin's status and tracking change; registered in the admin scope. */
export async function orderAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const timeZone = ctx.config.BUSINESS_TIME_ZONE;

  r.get(
    '/order/admin/all',
    {
      schema: {
        summary: "Every customer's paid orders (or those of a payment state) with their lines, newest first, paged",
        description:
          '`q` matches the order id exactly (whatever its payment state), or the email or shipping name anywhere (case-insensitive); `status` the fulfilment status or cancelled; ' +
          '`payment` a payment state (unpaid, paid, partially_refunded, refunded, failed, cancelled) instead of the default, every order that was paid; ' +
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
        description:
          'An unknown order answers 404; a tracking URL that is not http(s), 400; a cancelled order, 409 (it has no steps left). A pending order’s tracking number is cleared. ' +
          '`carrier` (a code: singpost, dhl_express, fedex, ups, ninja_van, jt_express, jne, other): for a listed carrier the server writes its name and ' +
          'builds `track_url` from the number, ignoring any sent; for `other`, `carrier_name` and `track_url` are the ones sent. Without `carrier`, the older fields work as before.',
        params: ZOrderIdParams,
        body: withExample(ZOrderUpdateBody, {
          status: 'shipped',
          track_num: '1Z999AA10123456784',
          carrier: 'ups',
          estimate_date: '2030-01-10',
        }),
        response: { 200: ZOrder, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => updateOrder(ctx.db, await auditActorOf(req), req.params.orderId, req.body),
  );

  r.post(
    '/order/admin/ship',
    {
      schema: {
        summary: 'Mark several paid orders shipped, each with its carrier and tracking number',
        description:
          'Each order is shipped by the rules of PUT /order/{orderId} (the customer notified and mailed once, an audit row), in a transaction of its own. ' +
          'The answer says per order: `shipped`; `unchanged` when it was already shipped with the same carrier and number (a double click, a retry, ' +
          'another admin: nothing is sent again); `refused` with the reason (unknown, not paid, nothing to ship, delivered, shipped with other tracking). ' +
          'At most 100 orders, each once.',
        body: withExample(ZOrderShipBody, {
          orders: [
            { order_id: 1042, carrier: 'singpost', track_num: 'RR123456789SG' },
            { order_id: 1043, carrier: 'other', track_num: 'XB-5521', carrier_name: 'Kerry Express', track_url: 'https://th.kerryexpress.com/en/track/?track=XB-5521' },
          ],
        }),
        response: { 200: ZOrderShipResult, ...errors(...BODY_ERRORS, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => shipOrders(ctx.db, await auditActorOf(req), req.body),
  );

  r.get(
    '/order/admin/:orderId/packing-slip.pdf',
    {
      schema: {
        summary: 'An order’s packing slip: its lines and quantities, ship-to address, order number and day; no prices',
        description: 'A PDF. 404 for an id that is no paid order.',
        params: ZOrderIdParams,
        response: { 200: packingSlipResponse, ...errors(400, 401, 403, 404, 429) },
        security: BEARER,
      },
      config: pdfLimit,
    },
    async (req, reply) =>
      sendPackingSlips(reply, await findPackingSlips(ctx.db, [req.params.orderId]), `packing-slip-${req.params.orderId}.pdf`, timeZone),
  );

  r.get(
    '/order/admin/packing-slips.pdf',
    {
      schema: {
        summary: 'The packing slips of several orders in one PDF, one order a page, in the order given',
        description: '`ids`: order ids separated by commas, at most 100 (400 beyond). 404 naming any id that is no paid order.',
        querystring: ZPackingSlipsQuery,
        response: { 200: packingSlipResponse, ...errors(400, 401, 403, 404, 429) },
        security: BEARER,
      },
      config: pdfLimit,
    },
    async (req, reply) =>
      sendPackingSlips(reply, await findPackingSlips(ctx.db, req.query.ids.split(',').map(Number)), 'packing-slips.pdf', timeZone),
  );
}
