import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCatalogueItem } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { errors } from '../../lib/openapi';
import { listCatalogue } from './service';

export async function catalogueRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/catalogue/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products on sale with their current prices (USD)',
        response: { 200: z.array(ZCatalogueItem), ...errors(429) },
      },
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async (_req, reply) => {
      // Short public cache: prices change rarely, and checkout recomputes from the table anyway.
      reply.header('cache-control', 'public, max-age=60');
      return listCatalogue(ctx.db);
    },
  );
}
