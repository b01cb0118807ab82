import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZShippingQuote } from '@lbs/domain/responses';
import { ZShippingRatesBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { rateTableProvider } from './rate-provider';
import { quoteShippingRates } from './quote-shipping-rates';

export async function shippingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const provider = rateTableProvider(ctx.config.SHIPPING_RATES);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/shipping/rates',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Shipping fee (USD) for cart lines to a postal code and country',
        body: withExample(ZShippingRatesBody, { recipient: { postalCode: '94105', countryCode: 'US' }, products: [{ name: 'adhesion_roller', quantity: 1 }] }),
        response: { 200: ZShippingQuote, ...errors(...BODY_ERRORS, 429) },
      },
      // The checkout asks again 800 ms after each edit; this is far above a person's pace.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req) => quoteShippingRates(provider, req.body),
  );
}
