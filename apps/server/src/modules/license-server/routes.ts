import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZJwks,
  ZLicenseActivateBody,
  ZLicenseActivated,
  ZLicenseDeactivateBody,
  ZLicenseDeactivated,
  ZLicenseRefusal,
  ZLicenseValidateBody,
  ZLicenseValidation,
  ZUsageAccepted,
  ZUsageReportBody,
  USAGE_BATCH_MAX,
  USAGE_MAX_AGE_DAYS,
  USAGE_MAX_AHEAD_MINUTES,
  USAGE_REPORT_MAX_BYTES,
  USAGE_CLOCK_TOLERANCE_MINUTES,
  USAGE_TERM_END_TOLERANCE_MS,
} from '@lbs/domain/license-server';
import type { AppContext } from '../../app-context';
import { BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { activateLicense } from './activate-license';
import { deactivateLicense } from './deactivate-license';
import { ingestUsage } from './ingest-usage';
import { LeaseIssuer } from './lease';
import { LicenseRefusal } from './license-refusal';
import { licenseRateLimiters } from './rate-limits';
import { validateLicense } from './validate-license';

const KEY = 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567';
const DEVICE = 'booth-7f3c2a';

const refusal = (meaning: string) => ZLicenseRefusal.describe(meaning);
const RATE_LIMITED = refusal('RATE_LIMITED: too many calls from this address or for this key (activate, validate and deactivate: the device the key is bound to has an allowance of its own); wait Retry-After seconds');
const DOCS = 'The protocol, codes and lease format: docs/license-api.md.';

// The JWKS changes only when the signing key does; clients and proxies may keep it this long.
const JWKS_MAX_AGE_SECONDS = 3600;

/**
 * The licence server the desktop program calls (DESIGN §6): no session, the licence key is the
 * credential. Every refusal is `{"detail": {code, message}}`; rate limits answer 429 with
 * Retry-After.
 */
export async function licenseServerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const keys = ctx.licenseKeys;
  const leases = new LeaseIssuer(keys, { issuer: ctx.config.publicUrl, allowanceHours: ctx.config.offlineAllowanceHours });
  const limits = licenseRateLimiters(app, ctx);
  // A refusal that says when to come back says it in Retry-After; the app's handler writes the body.
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof LicenseRefusal && err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const callLimits = { onRequest: limits.callsByAddress, preHandler: limits.callsByKey };
  const client = (req: { ip: string }) => ({ ip: req.ip });

  r.post(
    '/licenses/activate',
    {
      schema: {
        tags: ['licence server'],
        summary: 'Activate a licence key on this device and get a lease',
        description: `The same device again is idempotent. One device per licence: another device is refused with 409 DEVICE_LIMIT_REACHED until the first deactivates (or the customer resets it). Checked in this order: key found, revoked, suspended, not yet valid, expired, device. The first activation of an unused Daily pass starts its 24 hours. A licence in grace (its automatic renewal unpaid) activates as a current one, with \`payment_due\`. ${DOCS}`,
        body: withExample(ZLicenseActivateBody, { license_key: KEY, device_id: DEVICE, device_name: 'Booth PC, Marina Bay', app_version: '2.4.1' }),
        response: {
          200: ZLicenseActivated,
          ...errors(...BODY_ERRORS),
          403: refusal('REVOKED; SUSPENDED (an admin may reinstate it: keep the key); NOT_YET_VALID, with `starts_at`; or EXPIRED'),
          404: refusal('NOT_FOUND: no licence has this key'),
          409: refusal('DEVICE_LIMIT_REACHED: activated on another device'),
          429: RATE_LIMITED,
        },
      },
      ...callLimits,
    },
    async (req) => activateLicense(ctx.db, leases, req.body, client(req), ctx.clock.now()),
  );

  r.post(
    '/licenses/validate',
    {
      schema: {
        tags: ['licence server'],
        summary: 'Check a licence on this device; a fresh lease when valid',
        description: `Always 200 for a well-formed request: \`code\` is VALID, NOT_FOUND, REVOKED, SUSPENDED, NOT_YET_VALID (with \`starts_at\`), EXPIRED, NOT_ACTIVATED or DEVICE_MISMATCH (checked in that order), and \`lease\` comes only with VALID. A licence in grace (its automatic renewal unpaid, from the end of its term until \`grace_until\`) is VALID with \`payment_due\` {since, grace_until, pay_url}, and its lease has \`lic_exp\` = grace_until and \`due\` = the term's end. ${DOCS}`,
        body: withExample(ZLicenseValidateBody, { license_key: KEY, device_id: DEVICE, app_version: '2.4.1' }),
        response: { 200: ZLicenseValidation, ...errors(...BODY_ERRORS), 429: RATE_LIMITED },
      },
      ...callLimits,
    },
    async (req) => {
      const answer = await validateLicense(ctx.db, ctx.licenseRows, leases, ctx.licenseChecks, req.body, client(req), ctx.clock.now());
      ctx.metrics.licenseValidated(answer.code);
      return answer;
    },
  );

  r.post(
    '/licenses/deactivate',
    {
      schema: {
        tags: ['licence server'],
        summary: 'Free the licence from this device so another can activate it',
        description: `Only the device it is activated on may (3 times per 30 days; the customer's own reset in the account area is separate). ${DOCS}`,
        body: withExample(ZLicenseDeactivateBody, { license_key: KEY, device_id: DEVICE }),
        response: {
          200: ZLicenseDeactivated,
          ...errors(...BODY_ERRORS),
          404: refusal('NOT_FOUND: no licence has this key'),
          409: refusal('DEVICE_MISMATCH: activated on another device; NOT_ACTIVATED: on none'),
          429: refusal('DEACTIVATION_LIMIT (3 per 30 days) or RATE_LIMITED; wait Retry-After seconds'),
        },
      },
      ...callLimits,
    },
    async (req) => deactivateLicense(ctx.db, req.body, client(req), ctx.clock.now()),
  );

  r.get(
    '/licenses/jwks.json',
    {
      schema: {
        tags: ['licence server'],
        summary: 'The public keys that verify leases (JWKS)',
        description: `Leases name their key by \`kid\`; during a key rotation more than one key is listed. Cacheable for ${JWKS_MAX_AGE_SECONDS} s.`,
        response: { 200: ZJwks, 429: RATE_LIMITED },
      },
      onRequest: limits.jwksByAddress,
    },
    async (_req, reply) => {
      reply.header('cache-control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
      return keys.jwks();
    },
  );

  r.post(
    '/analytics/usage',
    {
      schema: {
        tags: ['licence server'],
        summary: `Report processed files and errors (1 to ${USAGE_BATCH_MAX} events, at most ${USAGE_REPORT_MAX_BYTES / 1024} KiB)`,
        description: `Answers 202 with a result per event: accepted, duplicate (its event_id was stored before) or refused with a code, TOO_OLD, OUTSIDE_TERM or INVALID (a field that can never be stored; final: drop it) or AHEAD (over ${USAGE_MAX_AHEAD_MINUTES} minutes ahead of the server's clock: send it again later). An event is stored when it happened within the licence's term (in grace, until \`grace_until\`; up to ${USAGE_TERM_END_TOLERANCE_MS / 60_000} minutes past its expiry, the client's lease tolerance; ${USAGE_CLOCK_TOLERANCE_MINUTES} minutes before its start and after a revocation or suspension; for a device that held the licence before, until it was freed) and the last ${USAGE_MAX_AGE_DAYS} days, whenever it is reported. An error_message over 2,000 characters is stored cut to 2,000. The whole report is refused (403) only for an unknown key or a device that never held the licence. A body over ${USAGE_REPORT_MAX_BYTES} bytes is 413. ${DOCS}`,
        body: withExample(ZUsageReportBody, {
          license_key: KEY,
          device_id: DEVICE,
          events: [
            { event_id: '5f0c3a52-2b1e-4c55-9d7e-0d8f1c1b7a01', kind: 'success', timestamp: '2025-06-30T12:00:00Z', filename: 'IMG_0042.jpg', file_type: 'jpg', processing_time: 3.2 },
          ],
        }),
        response: {
          202: ZUsageAccepted,
          ...errors(...BODY_ERRORS),
          403: refusal('No event of the report can be stored: NOT_FOUND (unknown key), NOT_ACTIVATED or DEVICE_MISMATCH (the device never held the licence)'),
          429: RATE_LIMITED,
        },
      },
      // Sized for 100 events with messages of the documented maximum, not the app's 100 kB.
      bodyLimit: USAGE_REPORT_MAX_BYTES,
      onRequest: limits.usageByAddress,
      preHandler: limits.usageByKey,
    },
    async (req, reply) => reply.status(202).send(await ingestUsage(ctx.db, ctx.licenseChecks, req.body, client(req), ctx.clock.now())),
  );
}
