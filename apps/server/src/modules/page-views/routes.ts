import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPageViewBody } from '@lbs/domain/page-view';
import type { AppContext } from '../../app-context';
import { BODY_ERRORS, errors, noContent, OPTIONAL_BEARER, withExample } from '../../lib/openapi';
import { recordPageView } from './record-page-view';

export async function pageViewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/analytics/pageview',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view of the web app',
        description: 'With a session token, the view is counted for that user.',
        body: withExample(ZPageViewBody, { path: '/accessories', referrer: 'https://www.example.com/' }),
        response: { 204: noContent('Recorded'), ...errors(...BODY_ERRORS, 429) },
        security: OPTIONAL_BEARER,
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const user = await req.currentUser();
      await recordPageView(ctx.db, { ...req.body, userId: user?.id ?? null });
      return reply.status(204).send();
    },
  );
}
