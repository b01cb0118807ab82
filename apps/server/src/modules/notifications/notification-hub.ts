import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { NOTIFICATION_CHANNEL } from './create-notification';
import { countUnread } from './count-unread';

export type StreamEvent = { event: 'unread' | 'notification'; unread_count: number };
type Subscriber = (e: StreamEvent) => void;

/** Most streams one user may hold open at once (tabs, devices); more is a leak or abuse. */
export const MAX_STREAMS_PER_USER = 10;

/**
 * Fans "user N has news" from Postgres LISTEN out to that user's open streams. One LISTEN per
 * process whatever the number of streams, started with the first stream; the unread count is
 * queried once per user per signal, not once per open tab.
 */
export class NotificationHub {
  private readonly byUser = new Map<number, Set<Subscriber>>();
  private listening: Promise<() => Promise<void>> | undefined;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  streamsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Starts listening if needed; resolves once signals for this subscriber will be seen. */
  async subscribe(userId: number, fn: Subscriber): Promise<() => void> {
    if (this.closed) throw new Error('Notification hub is closed');
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(fn);
    const unsubscribe = () => {
      set.delete(fn);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
    try {
      await this.ensureListening();
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  private ensureListening(): Promise<unknown> {
    this.listening ??= this.database
      .listen(NOTIFICATION_CHANNEL, (payload) => this.onSignal(payload), {
        // Signals sent while the listening connection was down are lost: resend every count.
        onReconnect: () => {
          for (const userId of this.byUser.keys()) void this.push(userId, 'unread');
        },
      })
      .catch((err) => {
        this.listening = undefined;
        throw err;
      });
    return this.listening;
  }

  private onSignal(payload: string): void {
    // 'N' is a new notification for user N; 'N:read' a change of what N has read.
    const [id, kind] = payload.split(':');
    const userId = Number(id);
    if (!Number.isInteger(userId) || !this.byUser.has(userId)) return;
    void this.push(userId, kind === 'read' ? 'unread' : 'notification');
  }

  private async push(userId: number, event: StreamEvent['event']): Promise<void> {
    try {
      const n = await countUnread(this.database.db, userId);
      for (const fn of this.byUser.get(userId) ?? []) fn({ event, unread_count: n });
    } catch (err) {
      if (!this.closed) this.log.warn({ err, userId }, 'notification stream: unread count failed');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.byUser.clear();
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))();
  }
}
