import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { payRenewalNow } from './pay-renewal-now';
import { confirmStripeRenewal } from './stripe-pay-renewal';

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
          'Answers the payment page of the open automatic renewal order (the same order the job charges, so the term is paid once); on Stripe, the PaymentIntent to confirm with Stripe.js instead (`client_secret`, `publishable_key`, `payment_intent`): the one that asked for authentication, or a new one on the saved card. 409 when nothing is due or a charge is under way; another user’s or an unknown licence 404.',
        params: z.object({ id: z.uuid() }),
        response: {
          200: z.union([
            z.object({ url: z.string() }),
            z.object({ client_secret: z.string(), publishable_key: z.string(), payment_intent: z.string() }),
          ]),
          ...errors(400, 401, 404, 409, 503),
        },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => payRenewalNow(ctx, req.user.id, req.params.id),
  );

  r.post(
    '/licenses/:id/renewal/confirmed',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Tell the shop the renewal PaymentIntent was confirmed with Stripe.js',
        description:
          'Reads the PaymentIntent back from Stripe (never trusting the page) and settles the renewal at once: `paid`, `pending` (still waiting for the bank or the holder) or `failed`. Only a PaymentIntent of the caller’s licence’s renewal; anything else 404.',
        params: z.object({ id: z.uuid() }),
        body: withExample(z.object({ payment_intent: z.string().regex(/^pi_\w{1,200}$/) }), { payment_intent: 'pi_3PqA1b2C3d4E5f6G' }),
        response: { 200: z.object({ status: z.enum(['paid', 'pending', 'failed']) }), ...errors(...BODY_ERRORS, 401, 404) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => confirmStripeRenewal(ctx, stripeClient(ctx.config), req.user.id, req.params.id, req.body.payment_intent),
  );
}
