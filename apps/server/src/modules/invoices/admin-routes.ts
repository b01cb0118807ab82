import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminInvoiceQuery } from '@lbs/domain/admin-queries';
import { ZAdminInvoicePage } from '@lbs/domain/admin-responses';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { listAllInvoices } from './list-all-invoices';

/** The back office's invoice table; registered in the admin scope (admins only). */
export async function invoiceAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/invoice/admin/all',
    {
      schema: {
        summary: 'Every invoice, newest first, paged, with the buyer',
        description: '`q` matches the invoice number exactly or the email anywhere (case-insensitive).',
        querystring: ZAdminInvoiceQuery,
        response: { 200: ZAdminInvoicePage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listAllInvoices(ctx.db, req.query),
  );
}
