import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { licenses } from '../../db/schema';
import { recordDeviceAddresses, type DeviceSighting } from './device-addresses';

interface Check {
  at: Date;
  ip: string;
  appVersion: string | null;
  /** The device id that checked in: its address is recorded (device-addresses.ts). */
  deviceId?: string;
  /** When the lease this check was answered with ends (a VALID check); the fleet view's "lease until". */
  leaseExpiresAt?: Date;
}

const later = (x: Date | undefined, y: Date | undefined) => (x === undefined ? y : y === undefined || x > y ? x : y);

/** How often recorded checks are written. A booth checks every few minutes; a second is plenty. */
const FLUSH_EVERY_MS = 1000;

/**
 * Records each licence's latest check (time, client address, program version, the end of the
 * lease it was given) and writes them
 * together once a second: one UPDATE for every licence checked since the last write, instead of
 * one per validation. A validation then costs a read and a signature, no WAL write and no row
 * lock, so hundreds of booths checking at once do not queue on commits (bench:license).
 *
 * Each device id's addresses go with them (recordDeviceAddresses: every (device, address) of the
 * second, not only the latest, so a state folder copied to a second PC is seen).
 *
 * Several processes each write their own; `greatest` keeps the latest time whichever lands last.
 * On a graceful stop the pending checks are written before the database closes; a crash loses at
 * most the last second's "last seen" times, never a licence's state (binding, revocation and
 * expiry are written by their own transactions, which call licensesChanged).
 *
 * This write does not call licensesChanged: validation reads none of these columns, and a signal
 * each second would empty every process's licence row cache (license-row-cache.ts).
 */
export class LicenseCheckLog {
  private pending = new Map<string, Check>();
  /** The latest sighting per licence, device and address since the last write (a second apart at most). */
  private sightings = new Map<string, DeviceSighting>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(licenseId: string, check: Check): void {
    const earlier = this.pending.get(licenseId);
    this.pending.set(licenseId, {
      ...check,
      appVersion: check.appVersion ?? earlier?.appVersion ?? null,
      leaseExpiresAt: later(check.leaseExpiresAt, earlier?.leaseExpiresAt),
    });
    if (check.deviceId !== undefined) {
      const sighting = { licenseId, deviceId: check.deviceId, ip: check.ip, at: check.at };
      this.keepSighting(sighting);
    }
    if (this.stopped) return;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_EVERY_MS).unref();
  }

  /** Writes what is pending now (tests call it; the app calls it on close). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private keepSighting(s: DeviceSighting): void {
    const key = JSON.stringify([s.licenseId, s.deviceId, s.ip]);
    const earlier = this.sightings.get(key);
    if (!earlier || earlier.at < s.at) this.sightings.set(key, s);
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0 && this.sightings.size === 0) return;
    const batch = this.pending;
    const sightings = this.sightings;
    this.pending = new Map();
    this.sightings = new Map();
    const rows = [...batch].map(([id, c]) => ({ id, at: c.at.toISOString(), ip: c.ip, app_version: c.appVersion, lease_exp: c.leaseExpiresAt?.toISOString() ?? null }));
    try {
      await this.db.execute(sql`
        update ${licenses} as l set
          last_validated_at = greatest(l.last_validated_at, v.at),
          last_validated_ip = v.ip,
          last_app_version = coalesce(v.app_version, l.last_app_version),
          -- greatest skips nulls: a check without a lease, or an older lease written by a slower
          -- process, never takes back a later one (an activation's, say).
          lease_expires_at = greatest(l.lease_expires_at, v.lease_exp)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, at timestamptz, ip text, app_version text, lease_exp timestamptz)
        where l.id = v.id`);
      await recordDeviceAddresses(this.db, [...sightings.values()]);
    } catch (err) {
      // The database is away: keep the checks (newer ones win) for the next write.
      for (const [id, c] of batch) if (!this.pending.has(id)) this.pending.set(id, c);
      for (const s of sightings.values()) this.keepSighting(s);
      this.log.warn({ err, licences: batch.size }, 'licence checks not recorded yet; retrying');
      if (this.stopped) return;
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, FLUSH_EVERY_MS).unref();
    }
  }
}
