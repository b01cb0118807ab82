import type { FastifyInstance } from 'fastify';
import { ZHealth, ZHealthDown } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Checks that arrive while one is in flight share its answer: fifty probes at once learn the same
  // thing from one round trip instead of queueing fifty on PGlite's single connection (or the pool).
  let inFlight: Promise<boolean> | undefined;
  const ping = () =>
    (inFlight ??= ctx.database
      .ping()
      .catch(() => false)
      .finally(() => {
        inFlight = undefined;
      }));

  const schema = { tags: ['ops'], summary: 'Liveness and database check', response: { 200: ZHealth, 503: ZHealthDown } };
  app.get('/health', { schema }, async (_req, reply) => {
    const dbUp = await ping();
    if (!dbUp) return reply.status(503).send({ status: 'error', db: 'down', detail: 'Database unavailable' });
    return { status: 'ok', db: 'ok', driver: ctx.database.driver };
  });
}
