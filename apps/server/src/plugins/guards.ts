import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@lbs/domain/messages';
import { forbidden, unauthorized } from '../lib/app-error';
import { isAdminRole } from '@lbs/domain/roles';
import type { SessionUser } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin; present in every guarded handler. */
    user: SessionUser;
  }
}

// Guards are onRequest hooks: who is calling, and may they, is settled before the body is read
// or any part of the request validated, so a stranger learns nothing about a route's schema
// (401/403 only). The session is read from the Authorization header alone, which is all
// onRequest has. Route-level rate limits run after the guard; they are keyed by session or
// address and only meant to hold back callers who are let in.

/** onRequest: the caller must hold a live session. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  request.user = user;
}

/** onRequest: the caller must be an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!isAdminRole(request.user.role)) throw forbidden('Admin only');
}

/** Path parameters as the router hands them to onRequest: decoded strings, not yet validated. */
export type RawParams = Readonly<Record<string, string | undefined>>;

/**
 * A user id as the routes' `z.coerce.number().int().positive()` reads it (zod coerces with
 * Number() too), or null when the schema will refuse it.
 */
function userIdOf(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function owner(userIdParam: (params: RawParams) => string | undefined, adminsToo: boolean) {
  return async function ownerGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const id = userIdOf(userIdParam(request.params as RawParams));
    // A malformed id names nobody, so it cannot be someone else's: the caller gets the schema's
    // 400 for their own typo. A well-formed id that is not theirs is refused here, before
    // anything they sent is looked at.
    if (id === null || id === request.user.id) return;
    if (adminsToo && isAdminRole(request.user.role)) return;
    throw forbidden(MSG.notAllowed);
  };
}

/**
 * onRequest guard factory for routes about one user named in the path: the caller must be that
 * user or an admin. `onRequest: ownerOrAdmin((p) => p.userId)` (it checks the session itself).
 */
export const ownerOrAdmin = (userIdParam: (params: RawParams) => string | undefined) => owner(userIdParam, true);

/** As ownerOrAdmin, for what only the user may do to their own account (an admin is refused too). */
export const ownerOnly = (userIdParam: (params: RawParams) => string | undefined) => owner(userIdParam, false);
