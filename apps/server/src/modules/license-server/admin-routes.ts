import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../audit/record-admin-action';
import { activateOffline } from './activate-offline';
import { OFFLINE_ACTIVATION_SCHEMA, offlineLeaseIssuer } from './offline-activation-routes';
import { licenseRateLimiters, OFFLINE_ACTIVATIONS_PER_USER } from './rate-limits';

/** The admin's side of the licence server: offline activation for any customer's key. */
export async function licenseServerAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const leases = offlineLeaseIssuer(ctx);
  const limits = licenseRateLimiters(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/admin/licenses/offline-activations',
    {
      schema: {
        summary: 'Answer a booth’s offline activation request for any key (recorded in the audit log)',
        description:
          "As POST /api/licenses/offline-activations, for any customer's key: an admin helping an operator whose booth has no internet. The activation is kept with the admin as its actor, and the audit log has an entry.",
        ...OFFLINE_ACTIVATION_SCHEMA,
      },
      config: { rateLimit: OFFLINE_ACTIVATIONS_PER_USER },
      preHandler: limits.offlineActivationsByKey,
    },
    async (req) => activateOffline(ctx.db, leases, req.body, { kind: 'admin', actor: await auditActorOf(req), timeZone: req.user.timeZone }, ctx.clock.now()),
  );
}
