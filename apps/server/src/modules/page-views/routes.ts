import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPageViewBody } from '@lbs/domain/page-view';
import type { AppContext } from '../../app-context';
import { recordPageView } from './service';

export async function pageViewRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/analytics/pageview',
    {
      schema: { tags: ['analytics'], summary: 'Record a page view of the web app', body: ZPageViewBody },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const user = await req.currentUser();
      await recordPageView(ctx.db, { ...req.body, userId: user?.id ?? null });
      return reply.status(204).send();
    },
  );
}
