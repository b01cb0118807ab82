import type { FastifyInstance } from 'fastify';
import { ZHealth, ZHealthDown } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Checks that arrive together share one answer: fifty probes at once learn the same thing from
  // one round trip instead of queueing fifty on PGlite's single connection (or the pool). The ping
  // starts on the next turn of the event loop, after every request read in this one has joined:
  // PGlite answers within the same turn (its WASM runs on this thread), so a ping started at once
  // was over before the next socket was read, and each probe paid for its own.
  let inFlight: Promise<boolean> | undefined;
  const ping = () =>
    (inFlight ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => ctx.database.ping())
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
