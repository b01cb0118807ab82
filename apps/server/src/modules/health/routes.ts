import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/health', { schema: { tags: ['ops'], summary: 'Liveness and database check' } }, async (_req, reply) => {
    const dbUp = await ctx.database.ping().catch(() => false);
    if (!dbUp) return reply.status(503).send({ status: 'error', db: 'down', detail: 'Database unavailable' });
    return { status: 'ok', db: 'ok', driver: ctx.database.driver };
  });
}
