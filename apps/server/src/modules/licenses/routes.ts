import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAutoRenewAnswer, ZLicense, ZLicenseCheck, ZLicensePage } from '@lbs/domain/responses';
import { safeString, ZAutoRenewBody, ZPaging } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { requireUser } from '../../plugins/guards';
import { callerKey } from '../../lib/caller-key';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { currentLicenseSummary } from './current-license-summary';
import { changeOwnAutoRenew } from './change-own-auto-renew';
import { ADMIN_USER_LICENSES_ROUTE, licensesJson, listOwnLicenses } from './list-licenses';
import { resetLicenseDevice } from '../license-changes/reset-license-device';

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
    async (req) => listOwnLicenses(ctx.db, req.user.id, req.query, ctx.clock.now()),
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
      const [license] = await licensesJson(ctx.db, [reset.license], now);
      return { ...license!, device_resets_left: reset.resetsLeft };
    },
  );

  r.put(
    '/licenses/:id/auto-renew',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Turn automatic renewal of one of the caller’s Monthly or Yearly licences on or off',
        description:
          'Off takes effect at once (the paid term runs to its end; an open automatic renewal is given up). On needs `words`, ' +
          'the consent for the plan at its price now (409 when they differ), and is on at once when the caller has a saved card; ' +
          'otherwise nothing changes yet and `setup_url` is a page that saves a card and then turns it on. Another user’s or an ' +
          'unknown licence answers 404; a licence that cannot renew (Daily, setup kit, revoked, suspended, ended, renewal due) 409.',
        params: z.object({ id: z.uuid() }),
        body: withExample(ZAutoRenewBody, { auto_renew: false }),
        response: { 200: ZAutoRenewAnswer, ...errors(...BODY_ERRORS, 401, 404, 409) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => changeOwnAutoRenew(ctx, req.user.id, req.params.id, req.body),
  );
}
