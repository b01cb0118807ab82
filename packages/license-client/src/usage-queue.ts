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
/** The server refuses events older than this (USAGE_MAX_AGE_DAYS of the server's contract). */
export const USAGE_MAX_AGE_MS = 30 * 86_400_000;

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

/** An event as queued and sent. */
export interface UsageEvent {
  event_id: string;
  kind: UsageEventKind;
  timestamp: string;
  file_type: string;
  filename?: string;
  processing_time?: number;
  error_message?: string;
}

export interface DroppedUsage {
  at: string;
  code: string;
  message: string;
  count: number;
}

export interface UsageFlushResult {
  /** `sent`: the queue is empty; `offline`: events wait for the next try; `not-activated`: no
   *  licence to send them under; `busy`: another process is sending. */
  status: 'sent' | 'offline' | 'not-activated' | 'busy';
  /** Events the server acknowledged in this flush (accepted + duplicates). */
  sent: number;
  accepted: number;
  duplicates: number;
  /** Events still queued. */
  remaining: number;
  /** Batches the server refused for good, dropped with its reason. */
  dropped: DroppedUsage[];
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

function isUsageEvent(value: unknown): value is UsageEvent {
  return (
    isRecord(value) &&
    typeof value.event_id === 'string' &&
    (value.kind === 'success' || value.kind === 'error') &&
    typeof value.timestamp === 'string' &&
    typeof value.file_type === 'string'
  );
}

interface Segment {
  name: string;
  events: UsageEvent[];
}

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

  async append(inputs: UsageEventInput[], now: Date): Promise<UsageEvent[]> {
    const events = inputs.map((input) => toUsageEvent(input, now));
    if (events.length === 0) return events;
    sequence = (sequence + 1) % 1_000_000;
    const name = `${String(now.getTime()).padStart(15, '0')}-${String(process.pid).padStart(7, '0')}-${String(sequence).padStart(6, '0')}-${randomUUID()}.json`;
    await this.store.writeJson(`${QUEUE_DIR}/${name}`, { events });
    await this.enforceLimit();
    return events;
  }

  async size(): Promise<number> {
    return (await this.segments()).reduce((sum, segment) => sum + segment.events.length, 0);
  }

  async pending(): Promise<UsageEvent[]> {
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
   * Sends every queued event through `send` in batches of at most `MAX_BATCH`, oldest first.
   * An acknowledged batch leaves the queue; an offline answer (after `attempts` tries, waiting
   * as Retry-After asks, up to `maxDelayMs`) stops the flush with the rest kept; a refusal drops
   * the batch with the server's reason, and a 403 (the licence is not active on this device)
   * drops everything queued, since the server will refuse all of it.
   */
  async flush(
    send: (events: UsageEvent[]) => Promise<ServerAnswer<{ accepted: number; duplicates: number }>>,
    options: {
      attempts?: number;
      baseDelayMs?: number;
      maxDelayMs?: number;
      now?: () => Date;
    } = {},
  ): Promise<UsageFlushResult> {
    const attempts = Math.max(1, options.attempts ?? 3);
    const baseDelayMs = options.baseDelayMs ?? 1000;
    const maxDelayMs = options.maxDelayMs ?? 15_000;
    const now = options.now ?? (() => new Date());
    const result: UsageFlushResult = {
      status: 'sent',
      sent: 0,
      accepted: 0,
      duplicates: 0,
      remaining: 0,
      dropped: [],
      message: '',
      retryAfterSeconds: null,
    };

    const drop = async (segments: Segment[], ids: Set<string>, code: string, message: string) => {
      await this.removeIds(segments, ids);
      const record: DroppedUsage = { at: now().toISOString(), code, message, count: ids.size };
      await this.logDropped(record);
      result.dropped.push(record);
    };

    const locked = await this.store.withLock('usage', async () => {
      for (;;) {
        const segments = await this.segments();
        // The server refuses events older than its limit; better not to spend a batch on them.
        const oldest = now().getTime() - USAGE_MAX_AGE_MS;
        const stale = segments
          .flatMap((s) => s.events)
          .filter((e) => Date.parse(e.timestamp) < oldest);
        if (stale.length > 0) {
          await drop(
            segments,
            new Set(stale.map((e) => e.event_id)),
            'TOO_OLD',
            `older than ${USAGE_MAX_AGE_MS / 86_400_000} days`,
          );
          continue;
        }
        const batch = takeBatch(segments);
        if (batch.length === 0) return;

        let answer = await send(batch);
        for (let attempt = 2; attempt <= attempts && answer.kind === 'offline'; attempt += 1) {
          const waitMs =
            answer.retryAfterSeconds !== null
              ? answer.retryAfterSeconds * 1000
              : baseDelayMs * 2 ** (attempt - 2);
          if (waitMs > maxDelayMs) break;
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          answer = await send(batch);
        }

        if (answer.kind === 'ok') {
          await this.removeIds(segments, new Set(batch.map((e) => e.event_id)));
          result.sent += batch.length;
          result.accepted += answer.body.accepted;
          result.duplicates += answer.body.duplicates;
          continue;
        }
        if (answer.kind === 'offline') {
          result.status = 'offline';
          result.message = answer.message;
          result.retryAfterSeconds = answer.retryAfterSeconds;
          return;
        }
        if (answer.status === 403) {
          // The licence is not active on this device: the server will refuse all of it.
          const all = new Set(segments.flatMap((s) => s.events.map((e) => e.event_id)));
          await drop(segments, all, answer.code, answer.message);
          return;
        }
        // A 400 names the events it refuses ("body.events.3.timestamp: ..."): drop those and
        // send the rest again; without an event named, the whole batch goes.
        const named = [...answer.message.matchAll(/\bevents\.(\d+)\b/g)]
          .map((m) => batch[Number(m[1])])
          .filter((e): e is UsageEvent => e !== undefined);
        const refused = named.length > 0 ? named : batch;
        await drop(segments, new Set(refused.map((e) => e.event_id)), answer.code, answer.message);
      }
    });

    result.remaining = await this.size();
    if (!locked) {
      result.status = 'busy';
      result.message = 'another process is sending the usage events';
    } else if (result.status === 'sent') {
      result.message = result.dropped.length
        ? `sent ${result.sent}, dropped ${result.dropped.reduce((sum, d) => sum + d.count, 0)} (${result.dropped.map((d) => d.code).join(', ')})`
        : `sent ${result.sent}`;
    }
    return result;
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
      segments.push({ name, events });
    }
    return segments;
  }

  private async removeIds(segments: Segment[], ids: Set<string>): Promise<void> {
    for (const segment of segments) {
      const rest = segment.events.filter((e) => !ids.has(e.event_id));
      if (rest.length === segment.events.length) continue;
      if (rest.length === 0) await this.store.remove(`${QUEUE_DIR}/${segment.name}`);
      else await this.store.writeJson(`${QUEUE_DIR}/${segment.name}`, { events: rest });
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
      await this.removeIds(oldest, new Set(oldest.flatMap((s) => s.events.map((e) => e.event_id))));
      await this.logDropped({
        at: new Date().toISOString(),
        code: 'QUEUE_FULL',
        message: `more than ${this.maxFiles} queued; the oldest were dropped`,
        count,
      });
    });
  }
}

/** The oldest events, at most MAX_BATCH. */
function takeBatch(segments: Segment[]): UsageEvent[] {
  return segments.flatMap((segment) => segment.events).slice(0, MAX_BATCH);
}
