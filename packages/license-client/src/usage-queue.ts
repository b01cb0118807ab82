import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ServerAnswer } from './server-call';
import { isRecord } from './server-call';
import type { StateStore } from './state-store';

export const USAGE_EVENT_KINDS = ['success', 'error'] as const;
export type UsageEventKind = (typeof USAGE_EVENT_KINDS)[number];

/** The server takes 1-100 events per call (DESIGN §6). */
export const MAX_BATCH = 100;
/**
 * The server's body limit for a usage report: USAGE_REPORT_MAX_BYTES of its contract
 * (packages/domain/src/license-server.ts, docs/license-api.md "Usage reports"); more is 413.
 */
export const USAGE_REPORT_MAX_BYTES = 256 * 1024;
/**
 * The events of one report take at most this many bytes of JSON: the body limit less room for the
 * rest of the body (key, device id of up to 200 characters) and a proxy's own framing.
 */
export const BATCH_MAX_BYTES = USAGE_REPORT_MAX_BYTES - 16 * 1024;
/** The server refuses events older than this (USAGE_MAX_AGE_DAYS of the server's contract). */
export const USAGE_MAX_AGE_MS = 30 * 86_400_000;
/**
 * Refusals of single events the server means for good: the client drops those events. INVALID is
 * an event the server cannot store as it is (a bad field); sent again it would be refused again.
 */
const FINAL_EVENT_REFUSALS = new Set(['TOO_OLD', 'OUTSIDE_TERM', 'INVALID']);

/** What the program reports about one processed file. */
export interface UsageEventInput {
  kind: UsageEventKind;
  /** e.g. "jpg", "png", "tiff". */
  file_type: string;
  filename?: string | null;
  /** Seconds. */
  processing_time?: number | null;
  error_message?: string | null;
  /** When it happened; now when left out. */
  timestamp?: Date | string;
  /** A UUID; generated when left out. The server counts an id it has seen as a duplicate. */
  event_id?: string;
}

/** An event as sent. */
export interface UsageEvent {
  event_id: string;
  kind: UsageEventKind;
  /** On the server's clock when `offset_applied` (see QueuedUsageEvent). */
  timestamp: string;
  file_type: string;
  filename?: string;
  processing_time?: number;
  error_message?: string;
}

/**
 * An event as queued. The timestamp is corrected by the server's clock offset known when it was
 * recorded (`offset_applied: true`); recorded before any offset was known (never online yet, or a
 * queue written by a client before 19), it is corrected when sent, with the offset known then.
 */
export interface QueuedUsageEvent extends UsageEvent {
  offset_applied?: boolean;
}

/** What the server answered for one event (the contract's ZUsageEventResult). */
export interface UsageEventResult {
  event_id: string;
  result: 'accepted' | 'duplicate' | 'refused';
  code?: string;
  message?: string;
}

/** A 202 to a usage report. `results` is absent from servers before issue 19 (all acknowledged). */
export interface UsageReportAnswer {
  accepted: number;
  duplicates: number;
  results: UsageEventResult[] | null;
}

/**
 * The licence key and device id events were recorded under: they are sent under them, whatever
 * is stored later (another pass activated, this one deactivated), since the server takes a
 * licence's events only from a device that held it at the time (docs/license-api.md).
 */
export interface UsageOwner {
  license_key: string;
  device_id: string;
}

export interface DroppedUsage {
  at: string;
  code: string;
  message: string;
  count: number;
  /**
   * The events dropped: their ids and when they happened (as sent: on the server's clock when
   * measured). Missing from lines logged by clients before issue 37.
   */
  events?: { event_id: string; timestamp: string }[];
}

/** The ids and times of `ids`' events in `segments`, as they are (or would be) sent. */
function droppedEvents(
  segments: Segment[],
  ids: Set<string>,
  offsetMs: number | null,
): { event_id: string; timestamp: string }[] {
  return segments
    .flatMap((s) => s.events)
    .filter((e) => ids.has(e.event_id))
    .map((e) => ({ event_id: e.event_id, timestamp: toWireEvent(e, offsetMs).timestamp }));
}

export interface UsageFlushResult {
  /** `sent`: everything that could be sent now was (`held` events wait for their time);
   *  `offline`: events wait for the next try; `refused`: the server refused a report as a whole
   *  (`code`; e.g. 403 DEVICE_MISMATCH): that licence's events stay queued, the others' are sent;
   *  `not-activated`: no licence is stored and nothing was sent (events recorded without one
   *  wait for one); `busy`: another process is sending. */
  status: 'sent' | 'offline' | 'refused' | 'not-activated' | 'busy';
  /** Events the server acknowledged in this flush (accepted + duplicates). */
  sent: number;
  accepted: number;
  duplicates: number;
  /** Events the server asked to send again later (AHEAD of its clock): still queued. */
  held: number;
  /** Events still queued. */
  remaining: number;
  /** Events the server refused for good, dropped with its reason. */
  dropped: DroppedUsage[];
  /** With `refused`: the server's code. */
  code: string | null;
  message: string;
  retryAfterSeconds: number | null;
}

export class UsageEventError extends Error {
  override name = 'UsageEventError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUEUE_DIR = 'usage';
const DROPPED_LOG = 'usage-dropped.log';

function optionalText(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new UsageEventError(`${field} must be text`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw new UsageEventError(`${field} is longer than ${max} characters`);
  return trimmed || undefined;
}

/** Checks and completes an event the way the server's schema will read it. */
export function toUsageEvent(input: UsageEventInput, now: Date): UsageEvent {
  if (!isRecord(input)) throw new UsageEventError('an event must be an object');
  if (!USAGE_EVENT_KINDS.includes(input.kind))
    throw new UsageEventError(`kind must be one of ${USAGE_EVENT_KINDS.join(', ')}`);
  const fileType = optionalText(input.file_type, 'file_type', 50);
  if (!fileType) throw new UsageEventError('file_type is required');
  if (
    input.event_id !== undefined &&
    (typeof input.event_id !== 'string' || !UUID.test(input.event_id))
  ) {
    throw new UsageEventError('event_id must be a UUID');
  }
  const when = input.timestamp === undefined ? now : new Date(input.timestamp);
  if (Number.isNaN(when.getTime())) throw new UsageEventError('timestamp must be a date');
  const event: UsageEvent = {
    event_id: input.event_id?.toLowerCase() ?? randomUUID(),
    kind: input.kind,
    timestamp: when.toISOString(),
    file_type: fileType,
  };
  const filename = optionalText(input.filename, 'filename', 255);
  if (filename) event.filename = filename;
  if (input.processing_time !== undefined && input.processing_time !== null) {
    const seconds = input.processing_time;
    if (
      typeof seconds !== 'number' ||
      !Number.isFinite(seconds) ||
      seconds < 0 ||
      seconds > 86_400
    ) {
      throw new UsageEventError('processing_time must be between 0 and 86400 seconds');
    }
    event.processing_time = seconds;
  }
  const errorMessage = optionalText(input.error_message, 'error_message', 2000);
  if (errorMessage) event.error_message = errorMessage;
  return event;
}

function isUsageEvent(value: unknown): value is QueuedUsageEvent {
  return (
    isRecord(value) &&
    typeof value.event_id === 'string' &&
    (value.kind === 'success' || value.kind === 'error') &&
    typeof value.timestamp === 'string' &&
    typeof value.file_type === 'string'
  );
}

/** The event as the server reads it: the timestamp on its clock, the queue's own marks left out. */
function toWireEvent(event: QueuedUsageEvent, offsetMs: number | null): UsageEvent {
  const { offset_applied: applied, ...wire } = event;
  if (applied || offsetMs === null) return wire;
  return { ...wire, timestamp: new Date(Date.parse(wire.timestamp) + offsetMs).toISOString() };
}

interface Segment {
  name: string;
  /** Null for events recorded while no licence was stored (or by a client before issue 19). */
  owner: UsageOwner | null;
  events: QueuedUsageEvent[];
}

function isUsageOwner(value: unknown): value is UsageOwner {
  return (
    isRecord(value) &&
    typeof value.license_key === 'string' &&
    value.license_key !== '' &&
    typeof value.device_id === 'string' &&
    value.device_id !== ''
  );
}

const ownerId = (owner: UsageOwner) => JSON.stringify([owner.license_key, owner.device_id]);

/** A segment's file: its events and, when a licence was stored as they were recorded, its owner. */
const segmentFile = (owner: UsageOwner | null, events: QueuedUsageEvent[]) =>
  owner ? { owner, events } : { events };

let sequence = 0;

/**
 * Usage events waiting to be sent, on disk so they survive a restart. Each `append` writes one
 * new file (atomically), so the program and the CLI can append at once without a lock and an
 * append never rewrites what is queued; a flush holds a lock, sends the oldest events in batches
 * of at most 100 and deletes (or rewrites) a file once the server has acknowledged its events.
 */
export class UsageQueue {
  constructor(
    private readonly store: StateStore,
    /** Beyond this many queued files, the oldest are dropped (weeks offline on a busy booth). */
    private readonly maxFiles = 20_000,
  ) {}

  /**
   * Queues events; `offsetMs` (server minus local clock, null when never measured) moves their
   * timestamps onto the server's clock now, or, when null, at the time they are sent. `owner`
   * (the licence stored now) is the licence they are sent under; without one, they go under the
   * licence stored when they are sent.
   */
  async append(
    inputs: UsageEventInput[],
    now: Date,
    offsetMs: number | null = null,
    owner: UsageOwner | null = null,
  ): Promise<QueuedUsageEvent[]> {
    const events: QueuedUsageEvent[] = inputs.map((input) => {
      const event = toUsageEvent(input, now);
      if (offsetMs === null) return event;
      const corrected = new Date(Date.parse(event.timestamp) + offsetMs).toISOString();
      return { ...event, timestamp: corrected, offset_applied: true };
    });
    if (events.length === 0) return events;
    sequence = (sequence + 1) % 1_000_000;
    const name = `${String(now.getTime()).padStart(15, '0')}-${String(process.pid).padStart(7, '0')}-${String(sequence).padStart(6, '0')}-${randomUUID()}.json`;
    await this.store.writeJson(`${QUEUE_DIR}/${name}`, segmentFile(owner, events));
    await this.enforceLimit();
    return events;
  }

  async size(): Promise<number> {
    return (await this.segments()).reduce((sum, segment) => sum + segment.events.length, 0);
  }

  async pending(): Promise<QueuedUsageEvent[]> {
    return (await this.segments()).flatMap((segment) => segment.events);
  }

  /** The refusals recorded so far, oldest first. */
  async droppedLog(): Promise<DroppedUsage[]> {
    let text: string;
    try {
      text = await readFile(this.store.path(DROPPED_LOG), 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as DroppedUsage];
        } catch {
          return [];
        }
      });
  }

  /**
   * Sends every queued event through `send`, oldest first, in batches of at most `MAX_BATCH`
   * events and `maxBatchBytes` of JSON (the server's body limit with a margin). Each batch holds
   * the events of one owner: the licence they were recorded under, else `currentOwner` (the
   * licence stored now); events with neither wait. What leaves the
   * queue is decided per event by the server's answer: accepted and duplicate events (already
   * stored) go; events refused for good (TOO_OLD, OUTSIDE_TERM, INVALID, or named by a 400) are dropped
   * and logged in usage-dropped.log; events AHEAD of the server's clock stay for a later flush.
   * Nothing else drops an event: an offline answer (after `attempts` tries, waiting as
   * Retry-After asks, up to `maxDelayMs`) stops the flush with the rest kept; a 413 halves the
   * batch and tries again; a refusal of the whole report (403: this device never held the
   * licence) gives status `refused` and keeps that owner's events, and the flush goes on with
   * the other owners'.
   */
  async flush(
    send: (owner: UsageOwner, events: UsageEvent[]) => Promise<ServerAnswer<UsageReportAnswer>>,
    options: {
      /** The licence stored now: the owner of events recorded without one. */
      currentOwner?: UsageOwner | null;
      attempts?: number;
      baseDelayMs?: number;
      maxDelayMs?: number;
      maxBatchBytes?: number;
      now?: () => Date;
      /** Server minus local clock now (ms), or null when never measured. */
      offsetMs?: () => Promise<number | null>;
    } = {},
  ): Promise<UsageFlushResult> {
    const attempts = Math.max(1, options.attempts ?? 3);
    const baseDelayMs = options.baseDelayMs ?? 1000;
    const maxDelayMs = options.maxDelayMs ?? 15_000;
    const now = options.now ?? (() => new Date());
    const offsetMs = options.offsetMs ?? (async () => null);
    const currentOwner = options.currentOwner ?? null;
    let maxBytes = options.maxBatchBytes ?? BATCH_MAX_BYTES;
    let maxEvents = MAX_BATCH;
    const result: UsageFlushResult = {
      status: 'sent',
      sent: 0,
      accepted: 0,
      duplicates: 0,
      held: 0,
      remaining: 0,
      dropped: [],
      code: null,
      message: '',
      retryAfterSeconds: null,
    };
    // Events the server asked to keep for later: not sent again in this flush.
    const held = new Set<string>();
    // Owners whose report the server refused as a whole: their events are not sent again now.
    const refusedOwners = new Set<string>();

    const drop = async (segments: Segment[], ids: Set<string>, code: string, message: string) => {
      const events = droppedEvents(segments, ids, await offsetMs());
      await this.removeIds(segments, ids);
      const record: DroppedUsage = {
        at: now().toISOString(),
        code,
        message,
        count: ids.size,
        events,
      };
      await this.logDropped(record);
      result.dropped.push(record);
    };
    const stop = (
      status: UsageFlushResult['status'],
      answer: { message: string },
      code: string | null,
    ) => {
      result.status = status;
      result.code = code;
      result.message = answer.message;
    };

    const locked = await this.store.withLock('usage', async () => {
      for (;;) {
        const segments = await this.segments();
        const offset = await offsetMs();
        // The server refuses events older than its limit; better not to spend a batch on them.
        const oldest = now().getTime() + (offset ?? 0) - USAGE_MAX_AGE_MS;
        const stale = segments
          .flatMap((s) => s.events)
          .filter((e) => Date.parse(toWireEvent(e, offset).timestamp) < oldest);
        if (stale.length > 0) {
          await drop(
            segments,
            new Set(stale.map((e) => e.event_id)),
            'TOO_OLD',
            `older than ${USAGE_MAX_AGE_MS / 86_400_000} days`,
          );
          continue;
        }
        // The owner of the oldest sendable event, and the events of that owner only.
        const sendable = segments.flatMap((s) => {
          const owner = s.owner ?? currentOwner;
          if (owner === null || refusedOwners.has(ownerId(owner))) return [];
          return s.events.filter((e) => !held.has(e.event_id)).map((event) => ({ owner, event }));
        });
        const owner = sendable[0]?.owner;
        if (owner === undefined) return;
        const waiting = sendable
          .filter((s) => ownerId(s.owner) === ownerId(owner))
          .map((s) => s.event);
        const batch = takeBatch(waiting, offset, maxEvents, maxBytes);

        let answer = await send(owner, batch);
        for (let attempt = 2; attempt <= attempts && answer.kind === 'offline'; attempt += 1) {
          const waitMs =
            answer.retryAfterSeconds !== null
              ? answer.retryAfterSeconds * 1000
              : baseDelayMs * 2 ** (attempt - 2);
          if (waitMs > maxDelayMs) break;
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          answer = await send(owner, batch);
        }

        if (answer.kind === 'ok') {
          await this.settle(segments, batch, answer.body, held, result, drop);
          continue;
        }
        if (answer.kind === 'offline') {
          stop('offline', answer, answer.code);
          result.retryAfterSeconds = answer.retryAfterSeconds;
          return;
        }
        if (answer.status === 413) {
          // Something on the way takes less than the server's limit: smaller batches, nothing lost.
          if (batch.length === 1) return stop('refused', answer, answer.code);
          maxEvents = Math.max(1, Math.floor(batch.length / 2));
          maxBytes = Math.max(1, Math.floor(maxBytes / 2));
          continue;
        }
        // A 400 names the events it refuses ("body.events.3.timestamp: ..."): those can never be
        // stored, so they are dropped and the rest sent again.
        const named =
          answer.status === 400
            ? [...answer.message.matchAll(/\bevents\.(\d+)\b/g)]
                .map((m) => batch[Number(m[1])])
                .filter((e): e is UsageEvent => e !== undefined)
            : [];
        if (named.length > 0) {
          await drop(segments, new Set(named.map((e) => e.event_id)), answer.code, answer.message);
          continue;
        }
        // The report as a whole (403: the device never held the licence; a 400 about the key):
        // nothing is wrong with the events, so they stay until the licence here is put right;
        // another licence's events are another matter.
        refusedOwners.add(ownerId(owner));
        stop('refused', answer, answer.code);
      }
    });

    result.remaining = await this.size();
    result.held = held.size;
    if (!locked) {
      result.status = 'busy';
      result.message = 'another process is sending the usage events';
    } else if (
      result.status === 'sent' &&
      currentOwner === null &&
      result.sent === 0 &&
      result.dropped.length === 0 &&
      held.size === 0
    ) {
      result.status = 'not-activated';
      result.message = 'no licence is activated on this device; the events stay queued';
    } else if (result.status === 'sent') {
      const dropped = result.dropped.reduce((sum, d) => sum + d.count, 0);
      result.message =
        `sent ${result.sent}` +
        (dropped
          ? `, dropped ${dropped} (${[...new Set(result.dropped.map((d) => d.code))].join(', ')})`
          : '') +
        (held.size ? `, ${held.size} kept for later (ahead of the server's clock)` : '');
    }
    return result;
  }

  /** Takes a 202's per-event results out of the queue: stored ones go, final refusals are dropped. */
  private async settle(
    segments: Segment[],
    batch: UsageEvent[],
    answer: UsageReportAnswer,
    held: Set<string>,
    result: UsageFlushResult,
    drop: (segments: Segment[], ids: Set<string>, code: string, message: string) => Promise<void>,
  ): Promise<void> {
    const byId = new Map((answer.results ?? []).map((r) => [r.event_id, r]));
    const stored = new Set<string>();
    const refused = new Map<string, { ids: Set<string>; message: string }>();
    for (const event of batch) {
      const r =
        answer.results === null ? { result: 'accepted' as const } : byId.get(event.event_id);
      if (r?.result === 'accepted' || r?.result === 'duplicate') {
        stored.add(event.event_id);
        if (r.result === 'accepted') result.accepted += 1;
        else result.duplicates += 1;
      } else if (r?.result === 'refused' && r.code && FINAL_EVENT_REFUSALS.has(r.code)) {
        const group = refused.get(r.code) ?? { ids: new Set<string>(), message: r.message ?? '' };
        group.ids.add(event.event_id);
        refused.set(r.code, group);
      } else {
        // AHEAD, a code this client does not know, or no answer for it: kept, sent again later.
        held.add(event.event_id);
      }
    }
    await this.removeIds(segments, stored);
    result.sent += stored.size;
    for (const [code, group] of refused) await drop(segments, group.ids, code, group.message);
  }

  private async segments(): Promise<Segment[]> {
    const names = (await this.store.list(QUEUE_DIR)).filter((name) => name.endsWith('.json'));
    const segments: Segment[] = [];
    for (const name of names) {
      const content = await this.store.readJson(`${QUEUE_DIR}/${name}`);
      const events =
        isRecord(content) && Array.isArray(content.events)
          ? content.events.filter(isUsageEvent)
          : null;
      if (events === null) {
        // Damaged (it cannot happen through atomic writes, but a disk can fail): set aside, not sent.
        await rename(
          this.store.path(`${QUEUE_DIR}/${name}`),
          this.store.path(`${QUEUE_DIR}/${name}.damaged`),
        ).catch(() => undefined);
        continue;
      }
      if (events.length === 0) {
        await this.store.remove(`${QUEUE_DIR}/${name}`);
        continue;
      }
      const owner = isRecord(content) && isUsageOwner(content.owner) ? content.owner : null;
      segments.push({ name, owner, events });
    }
    return segments;
  }

  private async removeIds(segments: Segment[], ids: Set<string>): Promise<void> {
    for (const segment of segments) {
      const rest = segment.events.filter((e) => !ids.has(e.event_id));
      if (rest.length === segment.events.length) continue;
      if (rest.length === 0) await this.store.remove(`${QUEUE_DIR}/${segment.name}`);
      else
        await this.store.writeJson(`${QUEUE_DIR}/${segment.name}`, segmentFile(segment.owner, rest));
      // Kept in step with the file, so a second removal from the same list cannot bring back
      // what the first removed.
      segment.events = rest;
    }
  }

  private async logDropped(record: DroppedUsage): Promise<void> {
    await mkdir(path.dirname(this.store.path(DROPPED_LOG)), { recursive: true, mode: 0o700 });
    await appendFile(this.store.path(DROPPED_LOG), `${JSON.stringify(record)}\n`, { mode: 0o600 });
  }

  private async enforceLimit(): Promise<void> {
    const names = (await this.store.list(QUEUE_DIR)).filter((name) => name.endsWith('.json'));
    const excess = names.length - this.maxFiles;
    if (excess <= 0) return;
    // Under the flush lock, so a flush in progress does not send what is being dropped.
    await this.store.withLock('usage', async () => {
      const oldest = (await this.segments()).slice(0, excess);
      const count = oldest.reduce((sum, s) => sum + s.events.length, 0);
      const ids = new Set(oldest.flatMap((s) => s.events.map((e) => e.event_id)));
      // Local times for those not yet moved onto the server's clock: no offset is at hand here.
      const events = droppedEvents(oldest, ids, null);
      await this.removeIds(oldest, ids);
      await this.logDropped({
        at: new Date().toISOString(),
        code: 'QUEUE_FULL',
        message: `more than ${this.maxFiles} queued; the oldest were dropped`,
        count,
        events,
      });
    });
  }
}

/**
 * The oldest events, as sent, at most `maxEvents` of them and `maxBytes` of JSON together (always
 * at least one: a single event is far below the limit, 2,000 characters of message at most).
 */
function takeBatch(
  events: QueuedUsageEvent[],
  offsetMs: number | null,
  maxEvents: number,
  maxBytes: number,
): UsageEvent[] {
  const batch: UsageEvent[] = [];
  let bytes = 2; // []
  for (const event of events) {
    if (batch.length >= maxEvents) break;
    const wire = toWireEvent(event, offsetMs);
    const size = Buffer.byteLength(JSON.stringify(wire), 'utf8') + 1; // and its comma
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(wire);
    bytes += size;
  }
  return batch;
}
