import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOfflineActivationAnswer, ZOfflineActivationBody } from '@lbs/domain/offline-activation';
import { ZErrorDetail } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { activateOffline } from './activate-offline';
import { LeaseIssuer } from './lease';
import { licenseRateLimiters, OFFLINE_ACTIVATIONS_PER_USER } from './rate-limits';

/** An offline activation request as a booth shows it, for the licence server's example key (docs/license-api.md). */
const OFFLINE_REQUEST_EXAMPLE =
  'lboa1-req.eyJ2IjoxLCJrZiI6InI0NldQZzBkZFBycENMSnZ3aERyc1lfZTNWenFaRW0zOFliTmRNTXQwbDAiLCJkZXYiOiJib290aC03ZjNjMmEiLCJkbiI6IkJvb3RoIFBDLCBNYXJpbmEgQmF5IiwiYXYiOiIyLjQuMSIsIm4iOiJTa1YwVTBLellCRGd1WFJCNHU4cTRnIiwiaWF0IjoxNzUxMjg0ODAwLCJleHAiOjE3NTEzNzEyMDB9';
const sentence = (meaning: string) => ZErrorDetail.describe(meaning);

/** The schema and answers of an offline activation, the customer's route and the admin's alike. */
export const OFFLINE_ACTIVATION_SCHEMA = {
  body: withExample(ZOfflineActivationBody, { request: OFFLINE_REQUEST_EXAMPLE }),
  response: {
    200: ZOfflineActivationAnswer,
    ...errors(...BODY_ERRORS, 401),
    400: sentence("Not an activation request, damaged, expired, or dated ahead of the server's clock (the detail is a sentence for the operator); or an invalid body"),
    403: sentence('The licence is revoked, suspended, expired or has not started yet (the detail says which); on the admin route, a caller who is not an admin'),
    404: sentence("No licence has this key (for a customer: none of theirs; another customer's key answers the same)"),
    409: sentence('The key is activated on another device (free it first), or this request was already answered for another licence or device'),
    429: sentence('Too many offline activations by this user, or too many calls for this key; wait Retry-After seconds'),
  },
  security: BEARER,
};

/** The lease issuer of offline activations: the licence server's keys and allowances. */
export const offlineLeaseIssuer = (ctx: AppContext) =>
  new LeaseIssuer(ctx.licenseKeys, { issuer: ctx.config.publicUrl, allowanceHours: ctx.config.offlineAllowanceHours });

/**
 * The account area's offline activation (DESIGN §6.1): a signed-in customer answers their own
 * booth's request. Not in routes.ts: that plugin is the desktop program's, whose refusals are
 * `{"detail": {code, message}}` and whose error handler is its own; the operator reads sentences.
 */
export async function offlineActivationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const leases = offlineLeaseIssuer(ctx);
  const limits = licenseRateLimiters(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/licenses/offline-activations',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Answer a booth’s offline activation request for one of the caller’s keys',
        description:
          "The account area's call for a booth with no internet: the request's text (its QR or a paste) in, the answer's text for the booth out (a lease for the request's device, bound to its nonce). The same rules as an online activation: one device per key, a Daily pass starts, counted with the key's licence server calls. The same request again for the same device is answered again. The protocol: docs/license-api.md.",
        ...OFFLINE_ACTIVATION_SCHEMA,
      },
      onRequest: requireUser,
      config: { rateLimit: OFFLINE_ACTIVATIONS_PER_USER },
      preHandler: limits.offlineActivationsByKey,
    },
    async (req) => activateOffline(ctx.db, leases, req.body, { kind: 'owner', userId: req.user.id, ip: req.ip, timeZone: req.user.timeZone }, ctx.clock.now()),
  );
}
