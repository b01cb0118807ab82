import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBooth, ZBoothPage, ZBoothRenameBody } from '@lbs/domain/booths';
import { ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { callerKey } from '../../lib/caller-key';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { listBooths } from './list-booths';
import { renameBooth } from './rename-booth';

/** The account area's fleet view (issue 20): the caller's booths across their licences. */
export async function boothRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/booths',
    {
      schema: {
        tags: ['booths'],
        summary: "The caller's booths: every device bound to one of their licences, by name, paged",
        querystring: ZPaging,
        response: { 200: ZBoothPage, ...errors(400, 401) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => listBooths(ctx.db, req.user.id, req.query, ctx.config.offlineAllowanceHours),
  );

  r.post(
    '/booths/rename',
    {
      schema: {
        tags: ['booths'],
        summary: 'Name one of the caller’s booths; an empty name goes back to the name the booth reports',
        description: 'A device not bound to one of the caller’s licences answers 404.',
        body: withExample(ZBoothRenameBody, { device_id: 'booth-7f3a9c', name: 'Front entrance' }),
        response: { 200: ZBooth, ...errors(...BODY_ERRORS, 401, 404, 429) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '1 hour', keyGenerator: callerKey } },
    },
    async (req) => renameBooth(ctx.db, req.user.id, req.body, ctx.config.offlineAllowanceHours),
  );
}
