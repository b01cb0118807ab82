import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminLicenseQuery, ZAdminUserLicenseQuery } from '@lbs/domain/admin-queries';
import { ZLicense, ZLicensePage } from '@lbs/domain/responses';
import { ZLicenseCreateBody, ZLicenseRevokeBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { revokeLicense } from '../license-changes/revoke-license';
import { adminLicenseAction } from './admin-license-action';
import { generateLicense } from './generate-license';
import { listAllLicenses } from './list-all-licenses';
import { listUserLicenses } from './list-user-licenses';

/** The admin's licence lists, generation and revocation. */
export async function licenseAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/subscriptions/licenses/admin/all',
    {
      schema: {
        summary: 'Every licence, most recently issued first, paged',
        description:
          '`q` matches the email anywhere (case-insensitive) or part of the key (a whole key may be typed in lower case, without hyphens); `status` is active, expired (ran out, not revoked) or revoked.',
        querystring: ZAdminLicenseQuery,
        response: { 200: ZLicensePage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listAllLicenses(ctx.db, req.query),
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
}
