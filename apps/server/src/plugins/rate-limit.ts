import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../config';

/**
 * Registered with `global: false`: each route opts in with `config.rateLimit` (max, timeWindow,
 * keyGenerator). Memory store by default; Redis when REDIS_URL is set, so limits hold across
 * processes.
 */
export async function registerRateLimit(app: FastifyInstance, config: AppConfig): Promise<void> {
  let redis: import('ioredis').Redis | undefined;
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    // If Redis is unreachable, requests go through unlimited rather than failing with a 500;
    // the per-account and per-address checks in the database-backed flows still apply.
    skipOnError: true,
    allowList: () => config.RATE_LIMIT_DISABLED,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      detail: 'Too many requests. Please try again later',
      retryAfter: context.after,
    }),
  });
}
