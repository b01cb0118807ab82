import type { FastifyBaseLogger } from 'fastify';

export interface RepeatingTaskOptions {
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Logged with the error when a scheduled run fails. */
  failureMessage: string;
  /** Let the process exit while only this timer is pending. */
  unref?: boolean;
}

/**
 * A background job run at once on start() and then `everyMs` after each run ends. Runs never
 * overlap: runNow() (also the scheduled runs) waits for the run in progress. A scheduled run's
 * failure is logged and the schedule goes on; stop() ends the schedule and waits for the run in
 * progress, so shutdown never cuts one off.
 */
export class RepeatingTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;
  private stopped = true;

  constructor(
    private readonly run: () => Promise<T>,
    private readonly opts: RepeatingTaskOptions,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** One run, after the one in progress (if any); its own failure is the caller's to handle. */
  runNow(): Promise<T> {
    const previous = this.running?.catch(() => undefined) ?? Promise.resolve();
    const run = previous.then(() => this.run());
    this.running = run;
    return run;
  }

  /** No further scheduled runs; resolves once the run in progress (if any) has settled. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => void this.tick(), ms);
    if (this.opts.unref) this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    await this.runNow().catch((err: unknown) => this.opts.log.error({ err }, this.opts.failureMessage));
    if (!this.stopped) this.schedule(this.opts.everyMs);
  }
}
