import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/app-error';
import { isAdminRole, type SessionUser } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin; present in every guarded handler. */
    user: SessionUser;
  }
}

/** preHandler: the caller must hold a live session. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  request.user = user;
}

/** preHandler: the caller must be an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!isAdminRole(request.user.role)) throw forbidden('Admin only');
}
