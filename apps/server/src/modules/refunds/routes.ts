import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCreditNoteJson } from '@lbs/domain/refunds';
import { ZPaged } from '@lbs/domain/responses';
import { ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { sellerOf } from '../../config';
import { callerKey } from '../../lib/caller-key';
import { BEARER, binaryResponse, errors } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { findCreditNotePdf, listCreditNotes } from './credit-notes';

// Rendering a PDF costs real CPU; a person downloads a handful at a time.
const pdfLimit = { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: callerKey } };

/** The customer's credit notes (their invoices page) and a credit note's PDF (its customer or an admin). */
export async function refundRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/invoice/credit-notes',
    {
      schema: {
        tags: ['invoices'],
        summary: "The caller's credit notes (one per refund), newest first, paged",
        querystring: ZPaging,
        response: { 200: ZPaged(ZCreditNoteJson), ...errors(400, 401) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => listCreditNotes(ctx.db, req.user.id, req.query),
  );

  r.get(
    '/invoice/credit-notes/:creditNoteNo/pdf',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The PDF of one of the caller’s credit notes (an admin: any)',
        description: "Someone else's credit note answers 404, like a missing one.",
        params: z.object({ creditNoteNo: z.coerce.number().int().positive().max(999_999_999) }),
        response: { 200: binaryResponse('application/pdf', 'The credit note PDF, as an attachment'), ...errors(400, 401, 404, 429) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: pdfLimit,
    },
    async (req, reply) => {
      const pdf = await findCreditNotePdf(ctx.db, req.user, req.params.creditNoteNo, sellerOf(ctx.config));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="credit-note-CN-${req.params.creditNoteNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
