import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZShippingRatesBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { rateTableProvider } from './rate-provider';
import { quoteShippingRates } from './service';

export async function shippingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const provider = rateTableProvider(ctx.config.SHIPPING_RATES);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/shipping/rates',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Shipping fee (USD) for cart lines to a postal code and country',
        body: ZShippingRatesBody,
        response: { 200: z.object({ fee: z.number() }) },
      },
      // The checkout asks again 800 ms after each edit; this is far above a person's pace.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req) => quoteShippingRates(provider, req.body),
  );
}
