/**
 * The time the renewal job and the account area's renewal views read (DESIGN §6.3). The system
 * clock, moved by an offset only in development and tests (DEV_CLOCK_OFFSET_MS, or POST
 * /api/dev/clock), so a browser journey can watch a month pass without restarting the product.
 * Production refuses an offset at start and has no route that sets one.
 */
export class Clock {
  constructor(private offsetMs = 0) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Development only: the caller (the dev route) is registered only outside production. */
  setOffset(ms: number): void {
    this.offsetMs = ms;
  }
}
