import type { FastifyInstance } from 'fastify';
import { ZHealth, ZHealthDown } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { sharedPerTurn } from '../../lib/shared-per-turn';

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Probes that arrive together share one check: fifty at once learn the same thing from one round
  // trip instead of queueing fifty on PGlite's single connection (or the pool).
  const ping = sharedPerTurn(() => ctx.database.ping().catch(() => false));

  const schema = { tags: ['ops'], summary: 'Liveness and database check', response: { 200: ZHealth, 503: ZHealthDown } };
  app.get('/health', { schema }, async (_req, reply) => {
    const dbUp = await ping();
    if (!dbUp) return reply.status(503).send({ status: 'error', db: 'down', detail: 'Database unavailable' });
    return { status: 'ok', db: 'ok', driver: ctx.database.driver };
  });
}
