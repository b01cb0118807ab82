import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLicenseExtendBody, ZLicenseReinstateBody, ZLicenseSuspendBody } from '@lbs/domain/customer-actions';
import { ZLicense, ZMessage } from '@lbs/domain/responses';
import { safeString } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { extendLicense } from '../license-changes/extend-license';
import { resetLicenseDevice } from '../license-changes/reset-license-device';
import { reinstateLicense, suspendLicense } from '../license-changes/suspend-license';
import { adminLicenseAction } from '../licenses/admin-license-action';
import { resendLicenseMail } from './resend-license-mail';
import { resendOrderMail } from './resend-order-mail';
import { resendVerificationMail } from './resend-verification-mail';

const ZUserParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
const ZOrderParams = z.object({ orderId: z.coerce.number().int().positive().max(2_147_483_647) });
// Licence ids are UUIDs: anything else is a malformed request (400), caught before the database.
const ZLicenseParams = z.object({ licenseId: safeString().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'Not a license id' }) });

/**
 * The customer page's actions (issue 21), each audited with the customer as its subject; those
 * that change what the customer has also notify and mail them. Registered in the admin scope.
 */
export async function customerActionAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/users/admin/:userId/resend-verification',
    {
      schema: {
        summary: 'Mail an unverified customer a new verification link',
        description: 'An unknown customer answers 404, a verified one 409; one link per address a minute, shared with the customer’s own resend (429).',
        params: ZUserParams,
        response: { 200: ZMessage, ...errors(400, 401, 403, 404, 409, 429) },
        security: BEARER,
      },
    },
    async (req) => resendVerificationMail(ctx, await auditActorOf(req), req.params.userId, { ip: req.ip || null, userAgent: req.headers['user-agent'] ?? null }),
  );

  r.post(
    '/order/admin/:orderId/resend-mail',
    {
      schema: {
        summary: 'Mail an order’s receipt to its customer again',
        description: 'An unknown order answers 404; one not paid (no receipt), 409.',
        params: ZOrderParams,
        response: { 200: ZMessage, ...errors(400, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => resendOrderMail(ctx, await auditActorOf(req), req.params.orderId),
  );

  r.post(
    '/subscriptions/licenses/admin/:licenseId/resend-mail',
    {
      schema: {
        summary: 'Mail a licence key to its customer again, with its current terms',
        description: 'An unknown licence answers 404; a revoked one, 409.',
        params: ZLicenseParams,
        response: { 200: ZMessage, ...errors(400, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => resendLicenseMail(ctx.db, await auditActorOf(req), req.params.licenseId),
  );

  r.post(
    '/subscriptions/licenses/admin/:licenseId/reset-device',
    {
      schema: {
        summary: 'Free a licence’s device so the customer can activate it on another; the customer is told',
        description: 'Not counted against the customer’s own resets. An unknown licence answers 404; a revoked one or one with no device, 409.',
        params: ZLicenseParams,
        response: { 200: ZLicense, ...errors(400, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => {
      const admin = await auditActorOf(req);
      return adminLicenseAction(ctx.db, async (tx, now) => (await resetLicenseDevice(tx, req.params.licenseId, { admin }, now)).license);
    },
  );

  r.post(
    '/subscriptions/licenses/admin/:licenseId/extend',
    {
      schema: {
        summary: 'Move a licence’s end later, by a date or a number of days, with a reason; the customer is told',
        description:
          'Exactly one of `until` (a day: the end of that day in the customer’s time zone; or a date-time) and `days` (1 to 3650, from the current end, or from now if it has passed). A date not after the current end answers 409; a revoked licence or one that never expires, 409. A Daily pass not yet started gets a later activate-by date.',
        params: ZLicenseParams,
        body: withExample(ZLicenseExtendBody, { days: 7, reason: 'Booth outage at the customer’s event on 20 Nov' }),
        response: { 200: ZLicense, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => {
      const actor = await auditActorOf(req);
      return adminLicenseAction(ctx.db, (tx, now) => extendLicense(tx, actor, req.params.licenseId, req.body, now));
    },
  );

  r.post(
    '/subscriptions/licenses/admin/:licenseId/suspend',
    {
      schema: {
        summary: 'Suspend a licence: the licence server answers SUSPENDED (no lease) until it is reinstated; the customer is told',
        description:
          'Key and device are kept and the term keeps running; the customer’s own device reset is refused meanwhile. A booth offline learns of it when its lease ends. An unknown licence answers 404; a revoked, ended or already suspended one, 409.',
        params: ZLicenseParams,
        body: withExample(ZLicenseSuspendBody, { reason: 'Payment disputed with the bank' }),
        response: { 200: ZLicense, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => {
      const actor = await auditActorOf(req);
      return adminLicenseAction(ctx.db, (tx, now) => suspendLicense(tx, actor, req.params.licenseId, req.body.reason, now));
    },
  );

  r.post(
    '/subscriptions/licenses/admin/:licenseId/reinstate',
    {
      schema: {
        summary: 'Lift a licence’s suspension: it answers VALID again on its device; the customer is told',
        description: 'An unknown licence answers 404; a revoked one or one not suspended, 409.',
        params: ZLicenseParams,
        body: withExample(ZLicenseReinstateBody, { reason: 'Dispute resolved' }),
        response: { 200: ZLicense, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req) => {
      const actor = await auditActorOf(req);
      return adminLicenseAction(ctx.db, (tx) => reinstateLicense(tx, actor, req.params.licenseId, req.body.reason));
    },
  );
}
