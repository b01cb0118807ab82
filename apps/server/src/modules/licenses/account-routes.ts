import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { safeString, ZEmail, ZPaging } from '@lbs/domain/schemas';
import { MSG } from '@lbs/domain/messages';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/guards';
import { isAdminRole } from '../../plugins/auth';
import { badRequest, forbidden } from '../../lib/app-error';
import { callerKey } from '../../lib/caller-key';
import { currentLicenceSummary, listLicences, resetLicenceDevice } from './account-service';

const ZLicenseListQuery = ZPaging.extend({ mode: safeString().trim().min(1).max(254) });

/** The signed-in side of licences: the licence check, the lists and the self-service reset. */
export async function licenseAccountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/subscriptions/licenses/current',
    {
      schema: { tags: ['licenses'], summary: 'The licence check: does the caller hold a current licence?' },
      preHandler: requireUser,
    },
    async (req) => currentLicenceSummary(ctx.db, req.user.id),
  );

  r.get(
    '/subscriptions/licenses',
    {
      schema: {
        tags: ['licenses'],
        summary: "The caller's CURRENT or PAST licences, paged; an admin may pass a user's email as mode",
        querystring: ZLicenseListQuery,
      },
      preHandler: requireUser,
    },
    async (req) => {
      const { mode, page, page_size } = req.query;
      const upper = mode.toUpperCase();
      if (upper === 'CURRENT' || upper === 'PAST') {
        return listLicences(ctx.db, { userId: req.user.id, mode: upper }, { page, page_size });
      }
      const email = ZEmail.safeParse(mode);
      if (!email.success) throw badRequest('query.mode: must be CURRENT, PAST or (admin) an email address');
      if (!isAdminRole(req.user.role)) throw forbidden(MSG.notAllowed);
      return listLicences(ctx.db, { email: email.data }, { page, page_size });
    },
  );

  r.post(
    '/subscriptions/licenses/:id/reset-device',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Unbind the device of one of the caller’s current licences (2 per 30 days)',
        params: z.object({ id: z.uuid() }),
      },
      preHandler: requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: callerKey } },
    },
    async (req) => resetLicenceDevice(ctx.db, req.user.id, req.params.id),
  );
}
