import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { isAdminRole } from '@lbs/domain/roles';
import type { Caller } from '../../db/scope-to-caller';
import { NOTIFICATION_CHANNEL } from './create-notification';
import { countAdminFeedUnread, countUnread } from './count-unread';
import { ADMIN_FEED_SIGNAL } from './notify-admins';

export type StreamEvent = { event: 'unread' | 'notification'; unread_count: number };
type Subscriber = (e: StreamEvent) => void;

/** Most streams one user may hold open at once (tabs, devices); more is a leak or abuse. */
export const MAX_STREAMS_PER_USER = 10;

/**
 * Fans "user N has news" and "the admins' feed changed" from Postgres LISTEN out to the open
 * streams concerned. One LISTEN per process whatever the number of streams, started with the
 * first stream; an admin's bell counts the admins' feed, a customer's their own notifications,
 * each queried once per signal, not once per open tab (the feed's once for all admins).
 */
export class NotificationHub {
  private readonly byUser = new Map<number, Set<Subscriber>>();
  /** The subscribed users who are admins: their bell is the admins' feed. */
  private readonly admins = new Set<number>();
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
  async subscribe(user: Caller, fn: Subscriber): Promise<() => void> {
    if (this.closed) throw new Error('Notification hub is closed');
    const userId = user.id;
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(fn);
    if (isAdminRole(user.role)) this.admins.add(userId);
    const unsubscribe = () => {
      set.delete(fn);
      if (set.size === 0 && this.byUser.get(userId) === set) {
        this.byUser.delete(userId);
        this.admins.delete(userId);
      }
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
    // 'N' is a new notification for user N, 'N:read' a change of what N has read; 'admins' and
    // 'admins:read' the same for the admins' shared feed.
    const [id, kind] = payload.split(':');
    const event = kind === 'read' ? 'unread' : 'notification';
    if (id === ADMIN_FEED_SIGNAL) {
      void this.pushToAdmins(event);
      return;
    }
    const userId = Number(id);
    // An admin's own notifications (if they bought something) are not what their bell counts.
    if (!Number.isInteger(userId) || !this.byUser.has(userId) || this.admins.has(userId)) return;
    void this.push(userId, event);
  }

  private async push(userId: number, event: StreamEvent['event']): Promise<void> {
    if (this.admins.has(userId)) return this.pushToAdmins(event, [userId]);
    try {
      const n = await countUnread(this.database.db, userId);
      for (const fn of this.byUser.get(userId) ?? []) fn({ event, unread_count: n });
    } catch (err) {
      if (!this.closed) this.log.warn({ err, userId }, 'notification stream: unread count failed');
    }
  }

  private async pushToAdmins(event: StreamEvent['event'], only?: number[]): Promise<void> {
    const admins = only ?? [...this.admins];
    if (admins.length === 0) return;
    try {
      const n = await countAdminFeedUnread(this.database.db);
      for (const userId of admins) for (const fn of this.byUser.get(userId) ?? []) fn({ event, unread_count: n });
    } catch (err) {
      if (!this.closed) this.log.warn({ err }, 'notification stream: admin feed count failed');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.byUser.clear();
    this.admins.clear();
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))();
  }
}
