import type { FastifyBaseLogger } from 'fastify';
import { ChannelListener } from '../db/channel-listener';
import type { Database } from '../db/client';

/** Signalled by database triggers (migration 0002) with the user id whenever a session or user changes. */
const SESSION_CHANNEL = 'lbs_sessions';
/** How long a looked-up session is answered from memory. Revocations do not wait for it. */
export const SESSION_CACHE_TTL_MS = 5_000;
// A bound on memory, far above the sessions one process sees within a TTL.
const MAX_ENTRIES = 20_000;

export interface CachedSession {
  user: { id: number };
  /** When the session itself expires: never served from memory past that. */
  expiresAt: Date;
}

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * Live sessions by token hash, kept for a few seconds so that a signed-in page's burst of API
 * calls costs one database lookup, not one per call.
 *
 * Revocation is honoured at once: every change to a session or a user row signals its user id on
 * `SESSION_CHANNEL` when it commits (a trigger, so no writer can forget), and each process drops
 * that user's entries when the signal arrives. The process that made the change also drops them
 * itself before it answers (`forgetUser`), so its own next request never races the signal. A
 * lookup that was in flight while anything was forgotten is used once but not kept. Until the
 * process listens on the channel, nothing is kept at all.
 */
export class SessionCache<T extends CachedSession> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byUser = new Map<number, Set<string>>();
  // Bumped by every forget: a lookup that started under an older epoch may have read old rows.
  private epoch = 0;
  private readonly listener: ChannelListener;

  constructor(
    database: Database,
    log: FastifyBaseLogger,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
  ) {
    this.listener = new ChannelListener(database, SESSION_CHANNEL, {
      onPayload: (payload) => {
        const userId = Number(payload);
        if (Number.isInteger(userId)) this.forgetUser(userId);
        else this.forgetAll();
      },
      // Signals sent while the listening connection was down are lost.
      onReconnect: () => this.forgetAll(),
      log,
      // Without the signals nothing may be kept; the next lookup tries to listen again.
      failureMessage: 'session cache: cannot listen for revocations, not caching',
    });
  }

  /** The session for this token hash, from memory when fresh, otherwise from `load`. */
  async get(tokenHash: string, load: () => Promise<T | null>): Promise<T | null> {
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.drop(tokenHash, hit.value.user.id);
    const canKeep = await this.listener.ensure();
    const epoch = this.epoch;
    const value = await load();
    if (value && canKeep && epoch === this.epoch && !this.listener.isClosed) this.keep(tokenHash, value, now);
    return value;
  }

  /** Drops every cached session of this user (their sessions or their row just changed). */
  forgetUser(userId: number): void {
    this.epoch++;
    for (const hash of this.byUser.get(userId) ?? []) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    const closing = this.listener.close();
    this.forgetAll();
    await closing;
  }

  private keep(tokenHash: string, value: T, now: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.forgetAll();
    this.entries.set(tokenHash, { value, until: Math.min(now + this.ttlMs, value.expiresAt.getTime()) });
    let hashes = this.byUser.get(value.user.id);
    if (!hashes) this.byUser.set(value.user.id, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  private drop(tokenHash: string, userId: number): void {
    this.entries.delete(tokenHash);
    const hashes = this.byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(userId);
  }
}
