import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicConfig } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { publicConfig } from './public-config';

/**
 * The explicit subset of configuration the browser may see (STYLE §5). Read at run time, so an
 * operator changes a video without rebuilding the web app.
 */
export async function publicConfigRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const body = publicConfig(ctx.config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/config/public',
    {
      schema: {
        tags: ['config'],
        summary: 'Configuration the web app may read (video embeds, CAPTCHA, Google sign-in)',
        response: { 200: ZPublicConfig },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
