/**
 * Booths at a weekend event, simulated (issue 19, "nothing a booth reports is lost"): the real
 * licence client library against the real server, listening on 127.0.0.1, rate limits on, each
 * booth calling from its own loopback address (all of 127.0.0.0/8 is loopback on Linux).
 *
 * Each booth activates online (its clock measured against the server's), goes offline through a
 * 3-day event with its own clock up to ±15 minutes off, records processed files and errors (some
 * with messages of the documented maximum, 2,000 characters, some of them in three-byte
 * characters so a backlog needs several reports; filenames up to 255), a fifth of them on a Daily
 * pass whose day ends long before the flush (worked into the hour past its end that the client's
 * lease tolerance still allows, which the server stores too). Then the booths come back online in random order and
 * flush with the usual faults: an answer lost after the server stored the report (the booth sends
 * it again), a queue restored from a copy and sent a second time, two processes flushing at once,
 * rate limits and retries. The server must end up with every event exactly once, none refused,
 * nothing left queued, each stamped with the time it really happened.
 *
 * Used by license-event-simulation.test.ts (200 booths, in `npm test`) and by
 * `npm run bench:license` (2,000 booths by default, BENCH_SIM_BOOTHS).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { LEASE_CLOCK_TOLERANCE_MS } from '@lbs/domain/license-server';
import { LicenseClient, type FetchLike, type UsageEventInput, type UsageFlushResult } from '@lbs/license-client';
import { licenses } from '../src/db/schema';
import { insertLicense } from './account-fixtures';
import { buildTestApp } from './build-test-app';
import { createUserWithSession } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The documented maxima of an event's strings (ZUsageEvent in packages/domain). */
const MAX_MESSAGE = 2000;
const MAX_FILENAME = 255;

export interface SimulationOptions {
  booths: number;
  /** Events per booth, drawn between these (heavy booths record MAX_MESSAGE-long errors on top). */
  eventsPerBooth?: [number, number];
  /** Booths flushing at the same time. */
  concurrency?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SimulationFigures {
  booths: number;
  dailyPasses: number;
  /** Events the booths recorded. */
  recorded: number;
  /** Usage reports the booths sent (each try). */
  reports: number;
  /** Events the server acknowledged to the booths (accepted + duplicates). */
  sent: number;
  accepted: number;
  /** Events sent again and answered as already stored. */
  duplicates: number;
  /** Events the server refused (dropped by the booths, or kept for later as AHEAD). */
  refused: number;
  /** Rows in usage_events, and distinct event ids among them. */
  stored: number;
  storedDistinct: number;
  /** Recorded events not stored. */
  missing: number;
  /** Events still queued on the booths at the end. */
  remaining: number;
  /** Answers lost on purpose after the server had stored the report. */
  lostAnswers: number;
  /** 429 answers the booths waited out. */
  rateLimited: number;
  /** The largest difference between an event's stored time and when it really happened. */
  maxTimestampErrorMs: number;
  seconds: number;
}

/** A small seeded PRNG (mulberry32): the same seed, the same event. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + next() * (hi - lo),
    int: (lo: number, hi: number) => Math.floor(lo + next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
  };
}

interface Network {
  online: boolean;
  /** Usage reports whose answer is lost after the server handled them. */
  loseUsageAnswers: number;
  reports: number;
  rateLimited: number;
}

/**
 * fetch for one booth: plain node:http from its own local address (Node's own fetch cannot bind
 * one), failing at once while the booth is offline, and losing an answer when told to.
 */
function boothFetch(localAddress: string, net: Network): FetchLike {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      if (!net.online) {
        reject(new TypeError('fetch failed', { cause: new Error('the booth is offline (simulated)') }));
        return;
      }
      const url = new URL(input);
      const usage = url.pathname === '/api/analytics/usage';
      if (usage) net.reports += 1;
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: init.method,
          headers: init.headers as Record<string, string>,
          localAddress,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            if (res.statusCode === 429) net.rateLimited += 1;
            if (usage && net.loseUsageAnswers > 0 && res.statusCode === 202) {
              net.loseUsageAnswers -= 1;
              reject(new TypeError('fetch failed', { cause: new Error('connection reset after the report was stored (simulated)') }));
              return;
            }
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers }));
          });
        },
      );
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(init.signal?.reason as Error));
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });
}

interface Booth {
  index: number;
  address: string;
  deviceId: string;
  stateDir: string;
  skewMs: number;
  /** The true time the booth is living through; null: the real time (online, at the server). */
  simulatedAt: number | null;
  net: Network;
  client: LicenseClient;
  /** A second process on the same state folder (two flushes at once). */
  sibling: LicenseClient;
  license: { id: string; licenseKey: string };
  daily: boolean;
  /** The true times this booth may record events in. */
  span: [number, number];
  /** event id → when it really happened. */
  events: Map<string, number>;
  fault: 'lost-answer' | 'resend-copy' | 'two-flushes' | 'none';
}

/** Runs `work` over the items, `size` at a time; the first failure stops new work and is thrown once all in flight have ended. */
async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length && failures.length === 0) {
        try {
          await work(items[next++]!);
        } catch (error) {
          failures.push(error);
        }
      }
    }),
  );
  if (failures.length > 0) throw failures[0];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLicenseEventSimulation(options: SimulationOptions): Promise<SimulationFigures> {
  const started = performance.now();
  const seed = options.seed ?? Date.now() % 1_000_000;
  const rnd = random(seed);
  const log = options.log ?? (() => {});
  const [minEvents, maxEvents] = options.eventsPerBooth ?? [10, 40];
  const concurrency = options.concurrency ?? 16;
  log(`simulation: ${options.booths} booths, seed ${seed}`);

  const t = await buildTestApp();
  const root = await mkdtemp(path.join(os.tmpdir(), 'lbs-event-sim-'));
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const serverUrl = `http://127.0.0.1:${port}`;
    const customer = await createUserWithSession(t.db);
    const now = Date.now();
    const eventStart = now - 3 * DAY;

    // ---------------------------------------------------------------- the booths and their licences
    const booths: Booth[] = [];
    for (let i = 0; i < options.booths; i += 1) {
      const daily = i % 5 === 0;
      const license = await insertLicense(t.db, customer, daily ? { type: 'day', startAt: new Date(now - HOUR) } : { type: 'year', startAt: new Date(now - 10 * DAY) });
      const address = `127.${1 + Math.floor(i / 62_500)}.${1 + (Math.floor(i / 250) % 250)}.${1 + (i % 250)}`;
      const stateDir = path.join(root, `booth-${i}`);
      const deviceId = `sim-booth-${i}-${license.id.slice(0, 8)}`;
      const net: Network = { online: true, loseUsageAnswers: 0, reports: 0, rateLimited: 0 };
      const booth = { index: i, address, deviceId, stateDir, skewMs: Math.round(rnd.between(-15, 15) * MINUTE), simulatedAt: null, net, daily, license, events: new Map() } as unknown as Booth;
      const clock = () => new Date((booth.simulatedAt ?? Date.now()) + booth.skewMs);
      const clientOptions = { serverUrl, issuer: t.ctx.config.publicUrl, stateDir, deviceId, fetch: boothFetch(address, net), now: clock, timeoutMs: 20_000 };
      booth.client = new LicenseClient(clientOptions);
      booth.sibling = new LicenseClient(clientOptions);
      // A Daily pass is used on a day of the event that ends at least half a day before the flush,
      // into the last hour the client still allows past its end (its lease tolerance, issue 37).
      const dayStart = eventStart + Math.round(rnd.between(0, 36) * HOUR);
      booth.span = daily ? [dayStart, dayStart + DAY + LEASE_CLOCK_TOLERANCE_MS - MINUTE] : [eventStart, now - 2 * MINUTE];
      booth.fault = (['lost-answer', 'resend-copy', 'two-flushes', 'none'] as const)[i % 4]!;
      booths.push(booth);
    }

    const eventAt = (b: Booth) => Math.round(rnd.between(b.span[0], b.span[1]));
    const makeEvent = (heavy: boolean): UsageEventInput => {
      const error = heavy || rnd.chance(0.2);
      const name = rnd.chance(0.1) ? `${'long-name-'.repeat(30)}`.slice(0, MAX_FILENAME - 4) + '.jpg' : `IMG_${rnd.int(1, 9999)}.jpg`;
      if (!error) return { kind: 'success', file_type: 'jpg', filename: name, processing_time: Math.round(rnd.between(0.5, 8) * 100) / 100 };
      const length = heavy || rnd.chance(0.3) ? MAX_MESSAGE : rnd.int(10, MAX_MESSAGE);
      // Three-byte characters: 2,000 of them are 6 kB, so a backlog needs several reports.
      const message = (heavy ? '深度图无法计算' : 'Depth map could not be computed. ').repeat(MAX_MESSAGE).slice(0, length).trim() || 'error';
      return { kind: 'error', file_type: 'png', filename: name, error_message: message };
    };
    const record = async (b: Booth, heavy = false) => {
      b.simulatedAt = eventAt(b);
      const trueAt = b.simulatedAt;
      const [queued] = await b.client.recordUsage(makeEvent(heavy));
      b.events.set(queued!.event_id, trueAt);
    };

    // ------------------------------------------- before going online: events with no offset known
    // A quarter of the booths worked before anyone activated them; those events are corrected
    // when they are sent, with the offset measured later.
    for (const b of booths.filter((x) => x.index % 4 === 1)) for (let k = rnd.int(1, 3); k > 0; k -= 1) await record(b);

    // ----------------------------------------------------------- activation, online, at the real time
    await pool(booths, concurrency, async (b) => {
      b.simulatedAt = null;
      const r = await b.client.activate(b.license.licenseKey, { deviceName: `Booth ${b.index}` });
      if (r.status !== 'valid') throw new Error(`booth ${b.index} did not activate: ${r.code} ${r.message}`);
    });
    // The Daily passes were activated on their day of the event: their term moves there.
    for (const b of booths.filter((x) => x.daily)) {
      await t.db
        .update(licenses)
        .set({ startAt: new Date(b.span[0]), expiresAt: new Date(b.span[0] + DAY), deviceBoundAt: new Date(b.span[0]) })
        .where(sql`${licenses.id} = ${b.license.id}`);
    }
    log(`simulation: ${booths.length} booths activated (${((performance.now() - started) / 1000).toFixed(1)} s)`);

    // ------------------------------------------------------------------- offline through the event
    for (const b of booths) b.net.online = false;
    await pool(booths, concurrency, async (b) => {
      const n = rnd.int(minEvents, maxEvents);
      for (let k = 0; k < n; k += 1) await record(b);
      // One booth in ten has a backlog of errors at the documented maximum.
      if (b.index % 10 === 3) for (let k = 0; k < 60; k += 1) await record(b, true);
      // A flush tried while offline keeps everything.
      const offline = await b.client.flushUsage({ attempts: 1 });
      if (offline.status !== 'offline') throw new Error(`booth ${b.index} flushed offline: ${offline.status}`);
    });
    const recorded = booths.reduce((sum, b) => sum + b.events.size, 0);
    log(`simulation: ${recorded} events recorded offline (${((performance.now() - started) / 1000).toFixed(1)} s)`);

    // --------------------------------------------- back online: flush in random order, with faults
    const order = [...booths].sort(() => rnd.next() - 0.5);
    const results: UsageFlushResult[] = [];
    let lostAnswers = 0;
    const flushUntilEmpty = async (b: Booth, client: LicenseClient) => {
      for (let round = 0; round < 30; round += 1) {
        const r = await client.flushUsage({ attempts: 3, baseDelayMs: 50, maxDelayMs: 3000 });
        results.push(r);
        if (r.status === 'refused' || r.status === 'not-activated') throw new Error(`booth ${b.index}: ${r.status} ${r.code} ${r.message}`);
        if (r.status === 'busy') await wait(50);
        else if (r.status === 'offline') await wait(Math.min(5000, (r.retryAfterSeconds ?? 0.1) * 1000));
        else if (r.remaining === 0) return;
      }
      throw new Error(`booth ${b.index}: events still queued after 30 flushes`);
    };
    await pool(order, concurrency, async (b) => {
      b.simulatedAt = null;
      b.net.online = true;
      switch (b.fault) {
        case 'lost-answer':
          b.net.loseUsageAnswers = 1;
          lostAnswers += 1;
          await flushUntilEmpty(b, b.client);
          break;
        case 'resend-copy': {
          // A backup of the state folder restored after the flush: its queue is sent again.
          const copy = `${b.stateDir}-copy`;
          await cp(path.join(b.stateDir, 'usage'), copy, { recursive: true });
          await flushUntilEmpty(b, b.client);
          await cp(copy, path.join(b.stateDir, 'usage'), { recursive: true });
          await flushUntilEmpty(b, b.client);
          break;
        }
        case 'two-flushes':
          await Promise.all([flushUntilEmpty(b, b.client), flushUntilEmpty(b, b.sibling)]);
          break;
        case 'none':
          await flushUntilEmpty(b, b.client);
      }
    });

    // ---------------------------------------------------------------------------------- the count
    const counted = await t.db.execute(sql`select count(*)::int as stored, count(distinct (license_id, event_id))::int as distinct_ids from usage_events`);
    const { stored, distinct_ids: storedDistinct } = (counted as unknown as { rows: { stored: number; distinct_ids: number }[] }).rows[0]!;
    const rows = (await t.db.execute(sql`select event_id, occurred_at from usage_events`)) as unknown as { rows: { event_id: string; occurred_at: string | Date }[] };
    const storedAt = new Map(rows.rows.map((r) => [r.event_id, new Date(r.occurred_at).getTime()]));
    let missing = 0;
    let maxTimestampErrorMs = 0;
    for (const b of booths) {
      for (const [id, trueAt] of b.events) {
        const at = storedAt.get(id);
        if (at === undefined) missing += 1;
        else maxTimestampErrorMs = Math.max(maxTimestampErrorMs, Math.abs(at - trueAt));
      }
    }
    let remaining = 0;
    for (const b of booths) remaining += await b.client.usage.size();
    const sum = (f: (r: UsageFlushResult) => number) => results.reduce((s, r) => s + f(r), 0);
    return {
      booths: booths.length,
      dailyPasses: booths.filter((b) => b.daily).length,
      recorded,
      reports: booths.reduce((s, b) => s + b.net.reports, 0),
      sent: sum((r) => r.sent),
      accepted: sum((r) => r.accepted),
      duplicates: sum((r) => r.duplicates),
      refused: sum((r) => r.dropped.reduce((s, d) => s + d.count, 0) + r.held),
      stored,
      storedDistinct,
      missing,
      remaining,
      lostAnswers,
      rateLimited: booths.reduce((s, b) => s + b.net.rateLimited, 0),
      maxTimestampErrorMs,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await t.close();
    await rm(root, { recursive: true, force: true, maxRetries: 3 });
  }
}
