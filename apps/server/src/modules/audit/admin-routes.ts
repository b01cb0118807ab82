import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditPage } from '@lbs/domain/admin-responses';
import { ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { listAudit } from './list-audit';

/** The admin audit log, read-only; registered in the admin scope. */
export async function auditAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/audit',
    {
      schema: {
        summary: 'The audit log of admin writes, newest first, paged',
        querystring: ZPaging,
        response: { 200: ZAuditPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listAudit(ctx.db, req.query),
  );
}
