import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './auth-events';

/** Where a request comes from, as the auth audit trail records it. */
export function requestMeta(req: FastifyRequest): RequestMeta {
  return {
    ip: req.ip ?? null,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  };
}
