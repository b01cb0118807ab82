import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCheckoutSession } from '@lbs/domain/responses';
import { ZOnePaymentBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { rateTableProvider } from '../shipping/rate-provider';
import { createOnePaymentCheckout } from './create-checkout';
import { receiveStripeWebhook } from './receive-stripe-webhook';

export async function checkoutRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const shipping = rateTableProvider(ctx.config.SHIPPING_RATES);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/subscriptions/create-checkout-session/one-payment',
    {
      onRequest: requireUser,
      schema: {
        tags: ['checkout'],
        summary: 'Create the order for the cart and answer the hosted payment page to send the customer to',
        description:
          'The server recomputes every figure: a total, shipping fee or discount that disagrees answers 409, as does a promotion code that cannot be used. 503 when no payment provider is configured.',
        body: withExample(ZOnePaymentBody, {
          email: 'ada@example.com',
          shipping_fee: 0,
          discount: 0,
          products: [{ price_id: 'daily_license', quantity: 1 }],
          total_amount: 40,
        }),
        response: { 200: ZCheckoutSession, ...errors(...BODY_ERRORS, 401, 409, 429, 503) },
        security: BEARER,
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req) =>
      createOnePaymentCheckout({ ctx, stripe: stripeClient(ctx.config), shipping, log: req.log }, req.user, req.body),
  );
}

/** Stripe signs the exact bytes it sends, so this scope keeps JSON bodies raw. */
export async function stripeWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post(
    '/payments/webhook',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Stripe webhook (signed)',
        description: 'The body is the Stripe event exactly as Stripe sent it; the Stripe-Signature header proves it.',
        response: { 200: z.object({ received: z.literal(true) }), ...errors(...BODY_ERRORS) },
      },
      bodyLimit: 1024 * 1024,
    },
    async (req) => receiveStripeWebhook(ctx, req.body, req.headers['stripe-signature'], req.log),
  );
}
