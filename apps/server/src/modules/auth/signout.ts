import type { AppContext } from '../../app-context';
import { logAuthEvent, type RequestMeta } from './auth-events';
import { revokeSession } from './session-store';

/** Revokes the caller's session (when the request named one) and records the sign-out. */
export async function signOut(
  ctx: AppContext,
  caller: { user: { id: number; email: string }; sessionId: number | null },
  meta: RequestMeta,
): Promise<void> {
  if (caller.sessionId !== null) await revokeSession(ctx.db, caller.sessionId);
  await logAuthEvent(ctx.db, 'signout', meta, { userId: caller.user.id, email: caller.user.email });
}
