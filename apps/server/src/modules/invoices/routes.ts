import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZInvoicePage } from '@lbs/domain/responses';
import { safeString, ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { sellerOf } from '../../config';
import { requireUser } from '../../plugins/guards';
import { callerKey } from '../../lib/caller-key';
import { BEARER, binaryResponse, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { findReceipt, findReceiptByUrl } from './find-receipt';
import { listInvoices } from './list-invoices';

const ZReceiptBody = z.object({ receipt_url: safeString().trim().min(1).max(2048) });

const receiptPdfResponse = binaryResponse('application/pdf', 'The receipt PDF, as an attachment');

// Rendering a PDF costs real CPU; a person downloads a handful at a time.
const pdfLimit = { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: callerKey } };

function sendPdf(reply: FastifyReply, { invoiceNo, pdf }: { invoiceNo: number; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="receipt-${formatInvoiceNo(invoiceNo)}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export async function invoiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/invoice',
    {
      schema: {
        tags: ['invoices'],
        summary: "The caller's invoices, newest first, paged",
        querystring: ZPaging,
        response: { 200: ZInvoicePage, ...errors(400, 401) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => listInvoices(ctx.db, req.user.id, req.query),
  );

  r.post(
    '/invoice/generate-receipt-pdf',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The receipt PDF of one of the caller’s invoices',
        description: 'receipt_url is an invoice_url from GET /invoice (or the invoice number); it only names the invoice and is never fetched.',
        body: withExample(ZReceiptBody, { receipt_url: '/api/invoice/1001/receipt' }),
        response: { 200: receiptPdfResponse, ...errors(...BODY_ERRORS, 401, 404, 429) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: pdfLimit,
    },
    async (req, reply) => sendPdf(reply, await findReceiptByUrl(ctx.db, req.user, req.body.receipt_url, sellerOf(ctx.config))),
  );

  r.get(
    '/invoice/:invoiceNo/receipt',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The receipt PDF of one of the caller’s invoices',
        description: "Someone else's invoice answers 404, like a missing one.",
        params: z.object({ invoiceNo: z.coerce.number().int().positive().max(999_999_999) }),
        response: { 200: receiptPdfResponse, ...errors(400, 401, 404, 429) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: pdfLimit,
    },
    async (req, reply) => sendPdf(reply, await findReceipt(ctx.db, req.user, req.params.invoiceNo, sellerOf(ctx.config))),
  );
}
