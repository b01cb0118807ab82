import { isRecord } from './server-call';
import type { StateStore } from './state-store';

const SERVER_CLOCK_FILE = 'server-clock.json';

/** What the client last learnt of the server's clock (server-clock.json). */
export interface ServerClockReading {
  /** Server time minus this machine's time, ms: positive when the booth's clock is slow. */
  offset_ms: number;
  /** This machine's time when it was measured (ISO 8601). */
  measured_at: string;
  /** Where it came from: an answer's `Date` header or a lease's `iat`. */
  source: 'date-header' | 'lease-iat';
}

/**
 * The booth's clock measured against the licence server's (DESIGN §6.1). Booth clocks drift by
 * minutes; the server's is kept by NTP. Every answer's `Date` header (whole seconds) and every
 * fresh lease's `iat` say what time the server had; the difference to this machine's clock at
 * that moment is the offset, kept on disk so an offline booth still corrects its timestamps and
 * checks leases on the server's time. Unknown until the first answer: then the local clock is used.
 */
export class ServerClock {
  constructor(
    private readonly store: StateStore,
    private readonly now: () => Date,
  ) {}

  /**
   * Records the server's time `serverTime` as read at local time `localTime`. A `Date` header
   * has whole seconds, so an offset within a second of the stored one is not rewritten.
   */
  async observe(
    serverTime: Date,
    localTime: Date,
    source: ServerClockReading['source'],
  ): Promise<void> {
    const offset = serverTime.getTime() - localTime.getTime();
    if (!Number.isFinite(offset)) return;
    const known = await this.reading();
    if (known && Math.abs(known.offset_ms - offset) < 1000) return;
    const reading: ServerClockReading = {
      offset_ms: offset,
      measured_at: localTime.toISOString(),
      source,
    };
    await this.store.writeJson(SERVER_CLOCK_FILE, reading);
  }

  async reading(): Promise<ServerClockReading | null> {
    const value = await this.store.readJson(SERVER_CLOCK_FILE);
    if (
      !isRecord(value) ||
      typeof value.offset_ms !== 'number' ||
      !Number.isFinite(value.offset_ms) ||
      typeof value.measured_at !== 'string'
    )
      return null;
    return {
      offset_ms: value.offset_ms,
      measured_at: value.measured_at,
      source: value.source === 'lease-iat' ? 'lease-iat' : 'date-header',
    };
  }

  /** Server minus local time in ms, or 0 when never measured. */
  async offsetMs(): Promise<number> {
    return (await this.reading())?.offset_ms ?? 0;
  }

  /** The server's time now, as well as this machine can tell. */
  async serverNow(): Promise<Date> {
    return this.toServerTime(this.now());
  }

  /** A local time expressed on the server's clock. */
  async toServerTime(local: Date): Promise<Date> {
    return new Date(local.getTime() + (await this.offsetMs()));
  }
}
