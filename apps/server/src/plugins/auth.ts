import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import type { Db } from '../db/client';
import { hashToken } from '../lib/tokens';
import type { SessionCache } from './session-cache';

export type SessionUser = typeof users.$inferSelect;
export type LiveSession = { user: SessionUser; sessionId: number; expiresAt: Date };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Resolved lazily once per request. */
    currentUser(): Promise<SessionUser | null>;
    currentSessionId(): Promise<number | null>;
    /** The caller's user id if this request has already looked the session up, else null (for the log line). */
    knownUserId(): number | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/**
 * Who is calling: an opaque session token in `Authorization: Bearer`, looked up by its hash,
 * through the session cache (a few seconds in memory, dropped at once on revocation).
 */
export function registerAuth(app: FastifyInstance, db: Db, sessionCache: SessionCache<LiveSession>): void {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return resolve(this).then((r) => r?.user ?? null);
  });
  app.decorateRequest('currentSessionId', function (this: FastifyRequest) {
    return resolve(this).then((r) => r?.sessionId ?? null);
  });

  const perRequest = new WeakMap<FastifyRequest, Promise<LiveSession | null>>();
  const callerOf = new WeakMap<FastifyRequest, number>();
  app.decorateRequest('knownUserId', function (this: FastifyRequest) {
    return callerOf.get(this) ?? null;
  });
  function resolve(request: FastifyRequest) {
    let p = perRequest.get(request);
    if (!p) {
      p = lookup(request).then((s) => {
        if (s) callerOf.set(request, s.user.id);
        return s;
      });
      perRequest.set(request, p);
    }
    return p;
  }
  function lookup(request: FastifyRequest): Promise<LiveSession | null> {
    const token = bearer(request);
    if (!token || token.length > 200) return Promise.resolve(null);
    const tokenHash = hashToken(token);
    return sessionCache.get(tokenHash, async () => {
      const rows = await db
        .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .limit(1);
      // Shared by every request of this session for a few seconds: nobody may change it in place.
      if (rows[0]) Object.freeze(rows[0].user);
      return rows[0] ?? null;
    });
  }

  // A signed-in caller's own change (sign-out, a new password, a profile edit) is seen by their
  // very next request: the cache forgets them before this answer leaves, not when the database's
  // signal comes back a moment later.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const userId = callerOf.get(request);
    if (userId !== undefined && request.method !== 'GET' && request.method !== 'HEAD') sessionCache.forgetUser(userId);
    done(null, payload);
  });
}
