import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionUser } from '../plugins/auth';

/**
 * Short-lived tickets for the few requests a browser makes without our Authorization header
 * (EventSource, a download opened as a plain link), so the long-lived session token never
 * appears in a URL, a log line or a browser history.
 *
 * A ticket names a session and is signed with that session's token hash: only the server and
 * the session's holder can produce it, it needs no shared secret between API processes, and it
 * dies with the session (sign-out, password reset).
 */
export type TicketPurpose = 'notification-stream' | 'app-download';

const SEPARATOR = '.';

function mac(tokenHash: string, body: string): string {
  return crypto.createHmac('sha256', tokenHash).update(body).digest('base64url');
}

export async function issueSessionTicket(
  db: DbOrTx,
  sessionId: number,
  purpose: TicketPurpose,
  ttlMs: number,
  now = new Date(),
): Promise<{ ticket: string; expiresAt: Date }> {
  const [s] = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.id, sessionId));
  if (!s) throw new Error(`No session ${sessionId}`);
  const expiresAt = new Date(now.getTime() + ttlMs);
  const body = [sessionId, purpose, Math.floor(expiresAt.getTime() / 1000)].join(SEPARATOR);
  return { ticket: `${body}${SEPARATOR}${mac(s.tokenHash, body)}`, expiresAt };
}

/** The ticket's live session and its user, or null for anything forged, expired or revoked. */
export async function verifySessionTicket(
  db: DbOrTx,
  ticket: string,
  purpose: TicketPurpose,
  now = new Date(),
): Promise<{ user: SessionUser; sessionId: number } | null> {
  if (ticket.length > 300) return null;
  const parts = ticket.split(SEPARATOR);
  if (parts.length !== 4) return null;
  const [sid, p, exp, signature] = parts as [string, string, string, string];
  if (p !== purpose || !/^\d{1,12}$/.test(sid) || !/^\d{1,12}$/.test(exp)) return null;
  if (Number(exp) * 1000 <= now.getTime()) return null;
  const sessionId = Number(sid);
  const [row] = await db
    .select({ user: users, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const expected = Buffer.from(mac(row.tokenHash, [sid, p, exp].join(SEPARATOR)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { user: row.user, sessionId };
}

/** True while the session is neither revoked nor expired (long-lived streams re-check it). */
export async function isSessionLive(db: DbOrTx, sessionId: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}
