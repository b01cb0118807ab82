import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { issueSessionTicket } from '../auth/session-ticket';

const STREAM_TICKET_TTL_MS = 60_000;

/** POST /notification/stream-ticket: a one-minute, single-use ticket for EventSource, tied to the caller's session. */
export async function issueStreamTicket(db: Db, sessionId: number | null) {
  if (sessionId === null) throw unauthorized();
  const { ticket, expiresAt } = await issueSessionTicket(db, sessionId, 'notification-stream', STREAM_TICKET_TTL_MS);
  return { ticket, expires_at: expiresAt.toISOString() };
}
