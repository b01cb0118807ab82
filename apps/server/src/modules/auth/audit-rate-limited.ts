import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type AuthEvent, logAuthEvent } from './auth-events';
import { RateLimitedAuditDedup } from './rate-limited-audit-dedup';
import { requestMeta } from './request-meta';

/**
 * Route-level onSend hooks, one per audited event: every 429 of the route, from its per-client
 * limit (refused in onRequest, before the body is read) or a per-account one in a preHandler,
 * leaves an auth_events row (event, client address, and the address only when a per-account
 * limit refused it; never a password or a token), at most once a minute per event, client and
 * address. Awaited, so the row exists when the 429 is sent.
 */
export function rateLimitedAudit(db: Db, refusedEmail: (req: FastifyRequest) => string | null) {
  const dedup = new RateLimitedAuditDedup();
  return (event: AuthEvent) => async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const email = refusedEmail(req);
    if (reply.statusCode === 429 && dedup.firstInWindow(event, req.ip, email)) {
      try {
        await logAuthEvent(db, event, requestMeta(req), { email });
      } catch (err) {
        req.log.warn({ err, event }, 'could not record a rate-limited auth attempt');
      }
    }
    return payload;
  };
}
