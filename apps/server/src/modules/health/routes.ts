import type { FastifyInstance } from 'fastify';
import { ZHealth, ZHealthDown } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const schema = { tags: ['ops'], summary: 'Liveness and database check', response: { 200: ZHealth, 503: ZHealthDown } };
  app.get('/health', { schema }, async (_req, reply) => {
    const dbUp = await ctx.database.ping().catch(() => false);
    if (!dbUp) return reply.status(503).send({ status: 'error', db: 'down', detail: 'Database unavailable' });
    return { status: 'ok', db: 'ok', driver: ctx.database.driver };
  });
}
