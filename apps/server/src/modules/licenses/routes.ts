import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLicense, ZLicenseCheck, ZLicensePage } from '@lbs/domain/responses';
import { safeString, ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/guards';
import { callerKey } from '../../lib/caller-key';
import { BEARER, errors } from '../../lib/openapi';
import { currentLicenseSummary } from './current-license-summary';
import { ADMIN_USER_LICENSES_ROUTE, listOwnLicenses } from './list-licenses';
import { resetLicenseDevice } from '../license-changes/reset-license-device';
import { toLicenseJson } from './license-json';

const ZLicenseListQuery = ZPaging.extend({ mode: safeString().trim().min(1).max(254) });

/** The signed-in side of licences: the licence check, the lists and the self-service reset. */
export async function licenseRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/subscriptions/licenses/current',
    {
      schema: {
        tags: ['licenses'],
        summary: 'The licence check: does the caller hold a current licence?',
        response: { 200: ZLicenseCheck, ...errors(401) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => currentLicenseSummary(ctx.db, req.user.id),
  );

  r.get(
    '/subscriptions/licenses',
    {
      schema: {
        tags: ['licenses'],
        summary: "The caller's CURRENT or PAST licences, paged",
        description: `Any other mode answers 400; so does an email (an admin lists one user's licences with ${ADMIN_USER_LICENSES_ROUTE}).`,
        querystring: ZLicenseListQuery,
        response: { 200: ZLicensePage, ...errors(400, 401) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => listOwnLicenses(ctx.db, req.user.id, req.query),
  );

  r.post(
    '/subscriptions/licenses/:id/reset-device',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Unbind the device of one of the caller’s current licences (2 per 30 days)',
        description:
          'Another user’s or an unknown licence answers 404; an expired, revoked, suspended or unbound one 409; a third reset within 30 days 429.',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZLicense, ...errors(400, 401, 404, 409, 429) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: callerKey } },
    },
    async (req) => {
      const now = new Date();
      const reset = await ctx.db.transaction((tx) => resetLicenseDevice(tx, req.params.id, { customerId: req.user.id }, now));
      return toLicenseJson(reset.license, now, reset.resetsLeft);
    },
  );
}
