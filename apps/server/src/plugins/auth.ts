import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import type { Db } from '../db/client';
import { hashToken } from '../lib/tokens';

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Resolved lazily once per request. */
    currentUser(): Promise<SessionUser | null>;
    currentSessionId(): Promise<number | null>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/** Who is calling: an opaque session token in `Authorization: Bearer`, looked up by its hash. */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return resolve(this).then((r) => r?.user ?? null);
  });
  app.decorateRequest('currentSessionId', function (this: FastifyRequest) {
    return resolve(this).then((r) => r?.sessionId ?? null);
  });

  const cache = new WeakMap<FastifyRequest, Promise<{ user: SessionUser; sessionId: number } | null>>();
  function resolve(request: FastifyRequest) {
    let p = cache.get(request);
    if (!p) {
      p = lookup(request);
      cache.set(request, p);
    }
    return p;
  }
  async function lookup(request: FastifyRequest) {
    const token = bearer(request);
    if (!token || token.length > 200) return null;
    const rows = await db
      .select({ user: users, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return rows[0] ?? null;
  }
}
