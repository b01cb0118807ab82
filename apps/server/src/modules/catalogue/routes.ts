import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCatalogueItem } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { errors } from '../../lib/openapi';
import { CatalogueCache } from './catalogue-cache';

export async function catalogueRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const catalogue = new CatalogueCache(ctx.database, app.log);
  app.addHook('onClose', () => catalogue.close());

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
      // Already JSON text (from memory): sent as it is, not serialised again (Fastify passes a string
      // with a JSON content type through). The response schema still documents its shape.
      reply.type('application/json; charset=utf-8');
      const json = await catalogue.get();
      return reply.send(json as never);
    },
  );
}
