import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { unauthorized } from '../../lib/app-error';
import { errors, type RawResponse } from '../../lib/openapi';

const textResponse = (description: string): RawResponse => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * With METRICS_TOKEN set, a scrape must carry it as a bearer token (compared in constant time).
 * Without one (development), only this machine may read: the socket is loopback and no proxy
 * forwarded the request (a reverse proxy on this machine connects from loopback too).
 */
function mayScrape(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const a = crypto.createHash('sha256').update(given).digest();
    const b = crypto.createHash('sha256').update(token).digest();
    return crypto.timingSafeEqual(a, b);
  }
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !forwarded;
}

export async function metricsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        security: [{ metricsToken: [] }],
        summary: 'Prometheus metrics of this process',
        description:
          'Request rate, latency and errors per route, database pool use, outbox depth and age, licence validations by code, event-loop lag. Bearer METRICS_TOKEN, or from this machine only when no token is set.',
        response: {
          200: textResponse('Prometheus text exposition format (version 0.0.4)'),
          ...errors(401),
        },
      },
    },
    async (req, reply) => {
      if (!mayScrape(req, ctx.config.METRICS_TOKEN)) throw unauthorized('Metrics need the METRICS_TOKEN bearer token');
      const body = await ctx.metrics.registry.metrics();
      return reply.type(ctx.metrics.registry.contentType).send(body);
    },
  );
}
