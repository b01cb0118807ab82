import type { FastifyBaseLogger } from 'fastify';
import { ChannelListener } from '../../db/channel-listener';
import type { Database } from '../../db/client';
import { ALL_LICENSES, keepLicenseRowsHere, LICENSE_CHANNEL, type KeepsLicenseRows } from '../license-changes/licenses-changed';
import type { LicenseRow } from './find-license';

/** A bound on memory: far above the booths one process serves (a row is about 1 KB). */
const MAX_ENTRIES = 20_000;
/**
 * How long a row is answered from memory at most. Every write the product makes evicts it at once
 * (licensesChanged); this bounds what a write made outside the product (psql) can leave behind.
 */
const ROW_TTL_MS = 60_000;
/**
 * After this process changes a licence, its row is not kept for this long: a check that read the
 * row between the eviction (inside the writing transaction) and the commit read the old row, and
 * must not keep it until the commit's signal comes back.
 */
const HOLD_AFTER_WRITE_MS = 5_000;

interface Entry {
  row: LicenseRow;
  until: number;
}

/**
 * The licence rows the licence server's validation reads, by key hash, in memory: a booth's
 * periodic check costs no database round trip. Only the row is kept, never an answer: the code
 * (NOT_YET_VALID and EXPIRED change with the clock) and the lease are computed from the row and
 * the current time on every call. The row includes the device binding (licenses.device_id).
 *
 * Every write to a licence goes through the licensing wing (modules/license-changes), whose one
 * write calls licensesChanged in its transaction: that evicts the row in this
 * process at once and NOTIFYs its id on LICENSE_CHANNEL, delivered to every process on commit.
 * A lookup in flight while anything was forgotten is used once but not kept (it may have read
 * the row before the commit). When the listening connection drops, signals may have been lost:
 * on reconnect everything is dropped. Until the process listens, nothing is kept at all.
 *
 * The batched "last seen" columns (license-check-log.ts) do not signal, so a cached row's
 * last_validated_* and lease_expires_at lag; validation never reads them.
 */
export class LicenseRowCache implements KeepsLicenseRows {
  private readonly entries = new Map<string, Entry>();
  private readonly hashById = new Map<string, string>();
  /** Licences this process just wrote, and until when their rows are not kept. */
  private readonly held = new Map<string, number>();
  // Bumped by every forget: a lookup that started under an older epoch may have read old rows.
  private epoch = 0;
  private readonly listener: ChannelListener;
  private readonly unregister: () => void;

  constructor(database: Database, log: FastifyBaseLogger) {
    this.listener = new ChannelListener(database, LICENSE_CHANNEL, {
      onPayload: (payload) =>
        payload === ALL_LICENSES ? this.forgetAll() : this.forget([payload]),
      // Signals sent while the listening connection was down are lost.
      onReconnect: () => this.forgetAll(),
      log,
      failureMessage: 'licence row cache: cannot listen for licence changes, not caching',
    });
    this.unregister = keepLicenseRowsHere(this);
  }

  /** The row for this key hash, from memory when kept, otherwise from `load` (kept when it may be). */
  async get(
    keyHash: string,
    load: () => Promise<LicenseRow | undefined>,
  ): Promise<LicenseRow | undefined> {
    const now = Date.now();
    const hit = this.entries.get(keyHash);
    if (hit) {
      if (hit.until > now) {
        // Least recently used goes first when full: move this one to the end.
        this.entries.delete(keyHash);
        this.entries.set(keyHash, hit);
        return hit.row;
      }
      this.drop(keyHash, hit.row.id);
    }
    const canKeep = await this.listener.ensure();
    const epoch = this.epoch;
    const row = await load();
    if (
      row &&
      canKeep &&
      epoch === this.epoch &&
      !this.listener.isClosed &&
      !this.isHeld(row.id, now)
    )
      this.keep(keyHash, row, now);
    return row;
  }

  /** Drops these licences' rows; `hold`: this process is writing them, do not keep them for a while. */
  forget(ids: readonly string[], opts: { hold?: boolean } = {}): void {
    this.epoch++;
    const until = Date.now() + HOLD_AFTER_WRITE_MS;
    for (const id of ids) {
      const hash = this.hashById.get(id);
      if (hash !== undefined) this.drop(hash, id);
      if (opts.hold) this.held.set(id, until);
    }
    if (this.held.size > MAX_ENTRIES)
      for (const [id, end] of this.held) if (end <= Date.now()) this.held.delete(id);
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
    this.hashById.clear();
  }

  /** Whether the row for this key hash is answered from memory now. */
  has(keyHash: string): boolean {
    return (this.entries.get(keyHash)?.until ?? 0) > Date.now();
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.unregister();
    const closing = this.listener.close();
    this.forgetAll();
    await closing;
  }

  private isHeld(id: string, now: number): boolean {
    const until = this.held.get(id);
    if (until === undefined) return false;
    if (until > now) return true;
    this.held.delete(id);
    return false;
  }

  private keep(keyHash: string, row: LicenseRow, now: number): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value as string;
      this.drop(oldest, this.entries.get(oldest)!.row.id);
    }
    // Shared by every check of this licence: nobody may change it in place.
    this.entries.set(keyHash, { row: Object.freeze(row), until: now + ROW_TTL_MS });
    this.hashById.set(row.id, keyHash);
  }

  private drop(keyHash: string, id: string): void {
    this.entries.delete(keyHash);
    if (this.hashById.get(id) === keyHash) this.hashById.delete(id);
  }
}
