import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { BEARER, errors } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { payRenewalNow } from './pay-renewal-now';

/** The holder's side of an automatic renewal that is due: pay it now, on session. */
export async function renewalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/licenses/:id/renewal/pay',
    {
      schema: {
        tags: ['licenses'],
        summary: "Pay the caller's licence's due automatic renewal now, on the payment page",
        description:
          'Answers the payment page of the open automatic renewal order (the same order the job charges, so the term is paid once). 409 when nothing is due or a charge is under way; another user’s or an unknown licence 404.',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ url: z.string() }), ...errors(400, 401, 404, 409) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => payRenewalNow(ctx, req.user.id, req.params.id),
  );
}
