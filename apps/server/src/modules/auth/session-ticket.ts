import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { captchaSolutions, sessions, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';

/**
 * Short-lived tickets for the few requests a browser makes without our Authorization header
 * (EventSource, a download opened as a plain link), so the long-lived session token never
 * appears in a URL, a log line or a browser history.
 *
 * A ticket names a session and is signed with that session's token hash: only the server and
 * the session's holder can produce it, it needs no shared secret between API processes, and it
 * dies with the session (sign-out, password reset). Each carries a random nonce, so two tickets
 * are never alike, and spendSessionTicket() lets one be used only once.
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
  const nonce = crypto.randomBytes(9).toString('base64url');
  const body = [sessionId, purpose, Math.floor(expiresAt.getTime() / 1000), nonce].join(SEPARATOR);
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
  if (parts.length !== 5) return null;
  const [sid, p, exp, nonce, signature] = parts as [string, string, string, string, string];
  if (p !== purpose || !/^\d{1,12}$/.test(sid) || !/^\d{1,12}$/.test(exp) || !/^[\w-]{1,32}$/.test(nonce)) return null;
  if (Number(exp) * 1000 <= now.getTime()) return null;
  const sessionId = Number(sid);
  const [row] = await db
    .select({ user: users, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const expected = Buffer.from(mac(row.tokenHash, [sid, p, exp, nonce].join(SEPARATOR)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { user: row.user, sessionId };
}

/**
 * verifySessionTicket(), and the ticket is spent: a copy (from a log, a proxy, a browser history)
 * opens nothing, and of simultaneous uses exactly one wins (one INSERT on a primary key). Spent
 * tickets are kept until they expire in the table of spent one-time proofs that ALTCHA solutions
 * also use.
 */
export async function spendSessionTicket(
  db: DbOrTx,
  ticket: string,
  purpose: TicketPurpose,
  now = new Date(),
): Promise<{ user: SessionUser; sessionId: number } | null> {
  const who = await verifySessionTicket(db, ticket, purpose, now);
  if (!who) return null;
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  const expiresAt = new Date(Number(ticket.split(SEPARATOR)[2]) * 1000);
  const id = `ticket:${crypto.createHash('sha256').update(ticket).digest('base64url')}`;
  const spent = await db
    .insert(captchaSolutions)
    .values({ id, expiresAt })
    .onConflictDoNothing({ target: captchaSolutions.id })
    .returning({ id: captchaSolutions.id });
  return spent.length === 1 ? who : null;
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
