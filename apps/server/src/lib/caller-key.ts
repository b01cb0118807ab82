import type { FastifyRequest } from 'fastify';
import { hashToken } from './tokens';

/**
 * Rate-limit key for signed-in routes: the session (by its token's hash, never the token), else
 * the address. Rate limits run before the route's guard has looked the caller up, so the user
 * id is not known yet; one session is one person's browser, which is what the limit is about.
 */
export function callerKey(req: FastifyRequest): string {
  const auth = req.headers.authorization;
  return auth ? `s:${hashToken(auth).slice(0, 32)}` : `ip:${req.ip}`;
}
