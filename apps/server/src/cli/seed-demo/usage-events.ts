import { ERROR_MESSAGES, EVENT_HOUR_WEIGHTS, FILE_TYPES } from './word-lists';
import { DAY, dayOfWeekSgt, HOUR, iso, sgtMidnightOf, timeOnDay } from './clock';
import { activeUntil, type DemoLicense } from './licenses';
import { INSERT_BATCH, insertRows, type Column, type RawSql } from './raw-sql';
import { cumulative, normal, type Rng } from './rng';

// Usage events: sessions of a booth at an event, mostly on weekend evenings, on activated devices

interface ActiveDevice {
  license: DemoLicense;
  from: number;
  until: number;
  ipBase: string;
  errorRate: number;
}

/** The bound booths that worked at least ten minutes in the window, each with its connection and how often it fails. */
function activeDevices(rng: Rng, licenses: DemoLicense[], now: number, windowStart: number): ActiveDevice[] {
  const active: ActiveDevice[] = [];
  for (const l of licenses) {
    if (l.deviceId === null || l.deviceBoundAt === null) continue;
    const from = Math.max(l.deviceBoundAt, windowStart);
    const until = activeUntil(l, now);
    if (until - from < 10 * 60_000) continue;
    // Booths at events use the venue's or a phone's connection: carrier-grade NAT addresses.
    active.push({ license: l, from, until, ipBase: `100.${64 + rng.int(64)}.${rng.int(256)}`, errorRate: rng.between(0.015, 0.07) });
  }
  return active;
}

/** `count` events, session by session, each on a day a device was working, weighted to weekends. */
export function* generateEvents(rng: Rng, opts: { count: number; now: number; windowStart: number; licenses: DemoLicense[] }) {
  const { now, windowStart } = opts;
  const active = activeDevices(rng, opts.licenses, now, windowStart);
  if (active.length === 0) return;

  const firstDay = sgtMidnightOf(windowStart);
  const perDay = devicesPerDay(active, firstDay, now);
  const dayWeights = cumulative(
    perDay.map((devices, d) => {
      const dow = dayOfWeekSgt(firstDay + d * DAY + 12 * HOUR);
      const weekday = dow === 0 || dow === 6 ? 2 : dow === 5 ? 1.3 : 1;
      return devices.length * weekday;
    }),
  );
  const hourWeights = cumulative(EVENT_HOUR_WEIGHTS);
  const fileWeights = cumulative(FILE_TYPES.map((f) => f.weight));
  const errorWeights = cumulative(ERROR_MESSAGES.map((e) => e.weight));

  let produced = 0;
  while (produced < opts.count) {
    const day = rng.weighted(dayWeights);
    const device = active[rng.pick(perDay[day]!)]!;
    const dayStart = firstDay + day * DAY;
    let t = timeOnDay(rng, dayStart, device.license.utcOffsetHours - 8, hourWeights);
    const lo = Math.max(device.from, dayStart);
    const hi = Math.min(device.until, dayStart + DAY);
    if (t < lo || t >= hi) t = Math.floor(rng.between(lo, hi));
    // One session at an event: a few dozen guests, one print every half minute to few minutes.
    const sessionSize = 1 + Math.floor(-Math.log(1 - rng.next()) * 30);
    const ip = `${device.ipBase}.${1 + rng.int(254)}`;
    for (let i = 0; i < sessionSize && produced < opts.count && t < device.until; i++) {
      const file = FILE_TYPES[rng.weighted(fileWeights)]!;
      const isError = rng.chance(device.errorRate);
      // Log-normal around the type's typical time, kept within 0.5-8 s.
      const seconds = Math.min(8, Math.max(0.5, file.seconds * Math.exp(0.35 * normal(rng))));
      yield {
        licenseId: device.license.id,
        kind: isError ? 'error' : 'success',
        deviceId: device.license.deviceId!,
        ip,
        filename: file.name(rng.digits(4)),
        fileType: file.type,
        processingTime: isError ? null : Math.round(seconds * 1000) / 1000,
        errorMessage: isError ? ERROR_MESSAGES[rng.weighted(errorWeights)]!.message : null,
        occurredAt: t,
      };
      produced++;
      t += Math.floor(rng.between(20_000, 240_000));
    }
  }
}

/** Which devices (by index in `active`) are working on each Singapore day from `firstDay` to `now`. */
function devicesPerDay(active: readonly ActiveDevice[], firstDay: number, now: number): number[][] {
  const dayCount = Math.ceil((now - firstDay) / DAY);
  const perDay: number[][] = Array.from({ length: dayCount }, () => []);
  active.forEach((a, index) => {
    const first = Math.max(0, Math.floor((a.from - firstDay) / DAY));
    const last = Math.min(dayCount - 1, Math.floor((a.until - 1 - firstDay) / DAY));
    for (let d = first; d <= last; d++) perDay[d]!.push(index);
  });
  return perDay;
}

/**
 * The usage events, written batch by batch as they are drawn (never all in memory), each received
 * a few minutes after it happened (the delays drawn from `reportRng`, so the events stay the same).
 * Returns how many were written: fewer than asked when no booth was ever activated.
 */
export async function writeUsageEvents(
  q: RawSql,
  rngs: { eventRng: Rng; reportRng: Rng },
  opts: { count: number; now: number; windowStart: number; licenses: DemoLicense[]; parallel: number },
): Promise<number> {
  const { now } = opts;
  const columns: Column[] = [
    ['license_id', 'uuid'], ['kind', 'text'], ['device_id', 'text'], ['ip_address', 'text'], ['filename', 'text'],
    ['file_type', 'text'], ['processing_time', 'real'], ['error_message', 'text'], ['occurred_at', 'timestamptz'],
    ['received_at', 'timestamptz'],
  ];
  // event_id stays null, as on rows reported before the column existed: it only lets the
  // ingest count a resent event once (NULLs never collide in its unique index), nothing reads
  // it, and filling it made this phase half again slower (the index then holds 36 more bytes
  // a row).
  const inFlight: Promise<void>[] = [];
  let rows: unknown[][] = [];
  let written = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    const insert = insertRows(q, 'usage_events', columns, rows, (row) => row);
    // Awaited below; the no-op handler only keeps a failure from counting as unhandled meanwhile.
    insert.catch(() => {});
    inFlight.push(insert);
    written += rows.length;
    rows = [];
    if (inFlight.length >= opts.parallel) await inFlight.shift();
  };
  for (const e of generateEvents(rngs.eventRng, opts)) {
    // The program reports each event with its next flush, up to a few minutes later.
    const receivedAt = Math.min(now, e.occurredAt + Math.floor(rngs.reportRng.between(2_000, 180_000)));
    rows.push([e.licenseId, e.kind, e.deviceId, e.ip, e.filename, e.fileType, e.processingTime, e.errorMessage, iso(e.occurredAt), iso(receivedAt)]);
    if (rows.length >= INSERT_BATCH) await flush();
  }
  await flush();
  await Promise.all(inFlight);
  return written;
}
