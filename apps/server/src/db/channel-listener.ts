import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

export interface ChannelListenerOptions {
  onPayload: (payload: string) => void;
  /** Signals sent while the listening connection was down are lost: the caller catches up here. */
  onReconnect: () => void;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Logged with the error when LISTEN fails (while not closed). */
  failureMessage: string;
}

/**
 * A LISTEN on one channel for an in-memory cache that may keep entries only while it hears the
 * signals that invalidate them. Started on first need; a failure is logged and answered false,
 * and the next need tries again.
 */
export class ChannelListener {
  private listening: Promise<boolean> | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly opts: ChannelListenerOptions,
  ) {}

  /** True once signals on the channel will be seen; false while they cannot be (or after close). */
  ensure(): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    this.listening ??= this.database
      .listen(this.channel, this.opts.onPayload, { onReconnect: this.opts.onReconnect })
      .then(
        (stop) => {
          this.stopListening = stop;
          return true;
        },
        (err: unknown) => {
          this.listening = undefined;
          if (!this.closed) this.opts.log.warn({ err }, this.opts.failureMessage);
          return false;
        },
      );
    return this.listening;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Stops listening, after a LISTEN under way has settled. */
  async close(): Promise<void> {
    this.closed = true;
    await this.listening;
    await this.stopListening?.();
  }
}
