import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/app-error';
import { isAdminRole, type SessionUser } from './auth';

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
