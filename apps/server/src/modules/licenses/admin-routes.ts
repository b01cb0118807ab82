import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminAutoRenewBody } from '@lbs/domain/admin-auto-renew';
import { ZAdminLicenseQuery, ZAdminUserLicenseQuery } from '@lbs/domain/admin-queries';
import { ZLicense, ZLicensePage } from '@lbs/domain/responses';
import { ZLicenseCreateBody, ZLicenseRevokeBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { revokeLicense } from '../license-changes/revoke-license';
import { adminSetAutoRenew } from './admin-auto-renew';
import { adminLicenseAction } from './admin-license-action';
import { adminLicensesJson } from './admin-license-cards';
import { generateLicense } from './generate-license';
import { listAllLicenses } from './list-all-licenses';
import { listUserLicenses } from './list-user-licenses';

const ZLicenseIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'Not a license id' }) });

/** The admin's licence lists, generation, revocation and turning a customer's renewal off. */
export async function licenseAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/subscriptions/licenses/admin/all',
    {
      schema: {
        summary: 'Every licence, most recently issued first, paged, with its renewal state and its holder’s saved card',
        description:
          '`q` matches the email anywhere (case-insensitive) or part of the key (a whole key may be typed in lower case, without hyphens); `status` is active, expired (ran out, not revoked) or revoked; ' +
          '`renewal=in_grace`: the licences whose automatic renewal is due and unpaid, still working until `renewal_due.grace_until`. Each licence carries `renewal_card`, its holder’s saved card in use (null: none).',
        querystring: ZAdminLicenseQuery,
        response: { 200: ZLicensePage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listAllLicenses(ctx.db, req.query, ctx.clock.now()),
  );

  r.get(
    '/subscriptions/licenses/admin/user',
    {
      schema: {
        summary: 'Every licence of one email address, current or not, newest first, paged',
        description: "The old product's admin list passed the email as the `mode` of GET /subscriptions/licenses; a customer's list no longer takes one.",
        querystring: ZAdminUserLicenseQuery,
        response: { 200: ZLicensePage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listUserLicenses(ctx.db, req.query),
  );

  r.post(
    '/subscriptions/licenses',
    {
      schema: {
        summary: 'Generate a licence for an existing account; the customer gets the key by mail',
        description: 'An email with no account answers 404. An admin-generated onetime licence never expires; custom uses start_date and end_date.',
        body: withExample(ZLicenseCreateBody, { email: 'customer@example.com', mode: 'year', start_date: '', end_date: '' }),
        response: { 201: ZLicense, ...errors(...BODY_ERRORS, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req, reply) => reply.status(201).send(await generateLicense(ctx.db, await auditActorOf(req), req.body)),
  );

  r.put(
    '/subscriptions/licenses',
    {
      schema: {
        summary: 'Revoke a licence (it is kept, stamped revoked, and moves to the customer’s Past)',
        description: 'An unknown licence answers 404; one already revoked or expired, 409.',
        body: withExample(ZLicenseRevokeBody, { license_id: '00000000-0000-4000-8000-000000000000', mode: 'revoke' }),
        response: { 200: ZLicense, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => {
      const actor = await auditActorOf(req);
      return adminLicenseAction(ctx.db, (tx, now) => revokeLicense(tx, actor, req.body.license_id, now));
    },
  );

  r.put(
    '/admin/licenses/:id/auto-renew',
    {
      schema: {
        summary: 'Turn a customer’s automatic renewal off (audited; the customer is told by mail and in the app)',
        description:
          'Off takes effect at once and never shortens a paid term: an open renewal order is cancelled (a licence in grace then ends now). ' +
          'A licence that does not renew is answered unchanged. `auto_renew: true` answers 403: only the holder turns renewal on, as it charges their card. An unknown licence answers 404.',
        params: ZLicenseIdParams,
        body: withExample(ZAdminAutoRenewBody, { auto_renew: false, reason: 'Customer asked by phone to stop renewing' }),
        response: { 200: ZLicense, ...errors(...BODY_ERRORS, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => {
      const actor = await auditActorOf(req);
      const now = ctx.clock.now();
      const after = await ctx.db.transaction((tx) => adminSetAutoRenew(tx, actor, { licenseId: req.params.id, body: req.body, publicUrl: ctx.config.publicUrl }, now));
      // Read after the commit, as LICENSES lists it (its renewal state and the holder's card).
      const [json] = await adminLicensesJson(ctx.db, [after], now);
      return json!;
    },
  );
}
