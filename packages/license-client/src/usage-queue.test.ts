import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LicenseClient } from './license-client';
import { LicenseServerDouble } from './test/license-server-double';
import { StateStore } from './state-store';
import {
  USAGE_REPORT_MAX_BYTES,
  UsageEventError,
  UsageQueue,
  type UsageEventInput,
} from './usage-queue';

let server: LicenseServerDouble;
let dir: string;

beforeEach(async () => {
  server = await LicenseServerDouble.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-usage-'));
});

afterEach(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

const client = () =>
  new LicenseClient({ serverUrl: server.url, stateDir: dir, deviceId: 'booth-1', timeoutMs: 2000 });

async function activated() {
  const license = server.addLicense();
  const c = client();
  expect((await c.activate(license.key)).status).toBe('valid');
  return { c, license };
}

const events = (n: number, from = 0): UsageEventInput[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'success',
    file_type: 'jpg',
    filename: `photo-${from + i}.jpg`,
    processing_time: 1.5,
  }));

/** Every event id the server accepted, with how often it arrived. */
const arrivals = () => [...server.eventArrivals.values()];

/** For each event id reported, the licence keys and device ids it was sent under, in order. */
function keysSentUnder(): Map<string, string[]> {
  const under = new Map<string, string[]>();
  for (const request of server.requests.filter((r) => r.path === '/api/analytics/usage')) {
    const body = JSON.parse(request.body) as {
      license_key: string;
      device_id: string;
      events: { event_id: string }[];
    };
    for (const event of body.events) {
      const owners = under.get(event.event_id) ?? [];
      owners.push(`${body.license_key} ${body.device_id}`);
      under.set(event.event_id, owners);
    }
  }
  return under;
}

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

describe('the usage queue', () => {
  it('survives a restart: a new instance on the same directory sends what the old one queued', async () => {
    const { c } = await activated();
    const queued = await c.recordUsage(events(3));
    expect(new Set(queued.map((e) => e.event_id)).size).toBe(3);

    const restarted = client();
    expect(await restarted.usage.size()).toBe(3);
    const r = await restarted.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 3, accepted: 3, duplicates: 0, remaining: 0 });
    expect([...server.eventArrivals.keys()].sort()).toEqual(queued.map((e) => e.event_id).sort());
    expect(server.usageBatches[0]![0]).toMatchObject({
      kind: 'success',
      file_type: 'jpg',
      filename: 'photo-0.jpg',
      processing_time: 1.5,
    });
  });

  it('keeps events through an outage and sends each once when the server is back', async () => {
    const { c } = await activated();
    await c.recordUsage(events(5));
    await server.stop();
    await c.recordUsage(events(2, 5));

    const down = await c.flushUsage({ attempts: 1 });
    expect(down).toMatchObject({ status: 'offline', sent: 0, remaining: 7 });
    expect(server.usageBatches).toHaveLength(0);

    await server.listen();
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 7, remaining: 0 });
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 0, remaining: 0 });
    expect(server.eventArrivals.size).toBe(7);
    expect(arrivals().every((n) => n === 1)).toBe(true);
  });

  it('sends at most 100 per batch, oldest first', async () => {
    const { c } = await activated();
    await c.recordUsage(events(230));
    await c.recordUsage(events(20, 230));
    const r = await c.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 250, remaining: 0 });
    expect(server.usageBatches.map((b) => b.length)).toEqual([100, 100, 50]);
    const names = server.usageBatches.flat().map((e) => (e as { filename?: string }).filename);
    expect(names[0]).toBe('photo-0.jpg');
    expect(names[249]).toBe('photo-249.jpg');
    expect(arrivals().every((n) => n === 1)).toBe(true);
  });

  it('a failure mid-way keeps only what was not acknowledged; nothing is sent twice', async () => {
    const { c } = await activated();
    await c.recordUsage(events(250));
    server.injected.push({ status: 0, path: '/api/analytics/usage', hang: true });
    // the first batch hangs (timeout → offline); nothing acknowledged
    const slow = new LicenseClient({
      serverUrl: server.url,
      stateDir: dir,
      deviceId: 'booth-1',
      timeoutMs: 300,
    });
    expect(await slow.flushUsage({ attempts: 1 })).toMatchObject({
      status: 'offline',
      sent: 0,
      remaining: 250,
    });

    // one batch goes through, then the server fails
    server.usageBatches.length = 0;
    let calls = 0;
    const failing = new LicenseClient({
      serverUrl: server.url,
      stateDir: dir,
      deviceId: 'booth-1',
      fetch: (input, init) =>
        ++calls === 2 ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
    });
    expect(await failing.flushUsage({ attempts: 1 })).toMatchObject({
      status: 'offline',
      sent: 100,
      remaining: 150,
    });
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 150, remaining: 0 });
    expect(server.eventArrivals.size).toBe(250);
    expect(arrivals().every((n) => n === 1)).toBe(true);
  });

  it('retries a transient failure within one flush', async () => {
    const { c } = await activated();
    await c.recordUsage(events(3));
    server.injected.push({ status: 503, path: '/api/analytics/usage' });
    expect(await c.flushUsage({ attempts: 2, baseDelayMs: 10 })).toMatchObject({
      status: 'sent',
      sent: 3,
    });
  });

  it('a Retry-After longer than it will wait stops the flush and reports it', async () => {
    const { c } = await activated();
    await c.recordUsage(events(3));
    server.injected.push({
      status: 429,
      path: '/api/analytics/usage',
      headers: { 'retry-after': '600' },
    });
    expect(await c.flushUsage({ attempts: 3, maxDelayMs: 1000 })).toMatchObject({
      status: 'offline',
      remaining: 3,
      retryAfterSeconds: 600,
    });
  });

  it('a 403 (the device does not hold the licence) keeps every event queued and says so', async () => {
    const { c, license } = await activated();
    await c.recordUsage(events(150));
    license.device_id = 'booth-elsewhere';
    const r = await c.flushUsage();
    expect(r).toMatchObject({
      status: 'refused',
      code: 'DEVICE_MISMATCH',
      sent: 0,
      remaining: 150,
      dropped: [],
    });
    expect(await c.usage.droppedLog()).toEqual([]);
    // Put right (the seat back on this booth): every event goes, once.
    license.device_id = 'booth-1';
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 150, remaining: 0 });
    expect(server.eventArrivals.size).toBe(150);
  });

  it('a 400 naming no event keeps the batch (the report, not the events, was wrong)', async () => {
    const { c } = await activated();
    await c.recordUsage(events(120));
    server.injected.push({
      status: 400,
      path: '/api/analytics/usage',
      body: { detail: 'body: unknown field(s) extra' },
    });
    expect(await c.flushUsage()).toMatchObject({
      status: 'refused',
      code: 'HTTP_400',
      sent: 0,
      remaining: 120,
      dropped: [],
    });
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 120, remaining: 0 });
  });

  it('a 400 naming an event drops that event and sends the rest', async () => {
    const { c } = await activated();
    const queued = await c.recordUsage(events(4));
    server.injected.push({
      status: 400,
      path: '/api/analytics/usage',
      body: { detail: 'body.events.1.file_type: Too big' },
    });
    const r = await c.flushUsage();
    expect(r).toMatchObject({
      status: 'sent',
      sent: 3,
      remaining: 0,
      dropped: [{ code: 'HTTP_400', count: 1 }],
    });
    expect(server.eventArrivals.has(queued[1]!.event_id)).toBe(false);
  });

  it('drops an event the server finds TOO_OLD by its clock, and counts duplicates as sent', async () => {
    const day = 86_400_000;
    const license = server.addLicense({ starts_at: new Date(Date.now() - 40 * day).toISOString() });
    const c = client();
    expect((await c.activate(license.key)).status).toBe('valid');
    const [old] = await c.recordUsage({
      kind: 'success',
      file_type: 'jpg',
      timestamp: new Date(Date.now() - 29 * day),
    });
    const fine = await c.recordUsage(events(3));
    // The server's clock two days ahead of the one its Date header showed: 29 days old is 31 there.
    server.now = () => Date.now() + 2 * day;
    server.eventArrivals.set(fine[0]!.event_id, 1); // stored by an earlier report whose answer was lost

    const r = await c.flushUsage();
    expect(r).toMatchObject({
      status: 'sent',
      sent: 3,
      accepted: 2,
      duplicates: 1,
      held: 0,
      remaining: 0,
    });
    expect(r.dropped.map((d) => [d.code, d.count])).toEqual([['TOO_OLD', 1]]);
    expect(server.eventArrivals.has(old!.event_id)).toBe(false);
    expect((await c.usage.droppedLog()).map((d) => d.code)).toEqual(['TOO_OLD']);
  });

  it('keeps events AHEAD of the server’s clock and sends them once their time has come', async () => {
    const { c } = await activated();
    const [ahead] = await c.recordUsage({
      kind: 'success',
      file_type: 'jpg',
      timestamp: new Date(Date.now() + 20 * 60_000),
    });
    await c.recordUsage(events(2));
    const r = await c.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 2, held: 1, remaining: 1, dropped: [] });
    // Sent once in that flush, not again and again.
    expect(server.usageBatches.flat().filter((e) => e.event_id === ahead!.event_id)).toHaveLength(
      1,
    );
    server.now = () => Date.now() + 20 * 60_000;
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 1, held: 0, remaining: 0 });
    expect(server.eventArrivals.get(ahead!.event_id)).toBe(1);
  });

  it('drops events outside the licence’s term (OUTSIDE_TERM) with the reason, and sends the rest', async () => {
    const { c, license } = await activated();
    const [before] = await c.recordUsage({
      kind: 'success',
      file_type: 'jpg',
      timestamp: new Date(Date.parse(license.starts_at) - 3600_000),
    });
    await c.recordUsage(events(2));
    const r = await c.flushUsage();
    expect(r).toMatchObject({
      status: 'sent',
      sent: 2,
      remaining: 0,
      dropped: [{ code: 'OUTSIDE_TERM', count: 1 }],
    });
    expect(server.eventArrivals.has(before!.event_id)).toBe(false);
    expect((await c.usage.droppedLog()).map((d) => d.code)).toEqual(['OUTSIDE_TERM']);
    // The log names the events dropped and when they happened (as sent: the server's clock).
    const sentAt = server.usageBatches.flat().find((e) => e.event_id === before!.event_id)!.timestamp;
    expect(r.dropped[0]!.events).toEqual([{ event_id: before!.event_id, timestamp: sentAt }]);
    expect((await c.usage.droppedLog())[0]!.events).toEqual([{ event_id: before!.event_id, timestamp: sentAt }]);
  });

  it('drops an event the server refuses alone as INVALID (final), names it, and sends the rest', async () => {
    const { c } = await activated();
    const [bad] = await c.recordUsage({ kind: 'success', file_type: 'invalid-in-test', timestamp: new Date() });
    await c.recordUsage(events(2));
    const r = await c.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 2, remaining: 0, dropped: [{ code: 'INVALID', count: 1 }] });
    expect(r.dropped[0]!.events!.map((e) => e.event_id)).toEqual([bad!.event_id]);
    // Dropped, not kept to be sent again and again.
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 0, remaining: 0 });
    expect(server.usageBatches.flat().filter((e) => e.event_id === bad!.event_id)).toHaveLength(1);
  });

  it('cuts batches by size under the server’s body limit: 100 events of 2,000 three-byte characters go in several reports', async () => {
    const { c } = await activated();
    await c.recordUsage(
      Array.from({ length: 100 }, (_, i) => ({
        kind: 'error' as const,
        file_type: 'jpg',
        filename: `${'f'.repeat(250)}${i}`,
        error_message: '€'.repeat(2000),
      })),
    );
    const r = await c.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 100, remaining: 0, dropped: [] });
    const bodies = server.requests
      .filter((q) => q.path === '/api/analytics/usage')
      .map((q) => Buffer.byteLength(q.body));
    expect(bodies.length).toBeGreaterThan(1);
    expect(Math.max(...bodies)).toBeLessThanOrEqual(USAGE_REPORT_MAX_BYTES);
  });

  it('a 413 (a proxy taking less) halves the batch and drops nothing: 60 errors with 2,000-character messages', async () => {
    const { c } = await activated();
    server.usageBodyLimit = 100_000;
    await c.recordUsage(
      Array.from({ length: 60 }, () => ({
        kind: 'error' as const,
        file_type: 'jpg',
        error_message: 'x'.repeat(2000),
      })),
    );
    const r = await c.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 60, remaining: 0, dropped: [] });
    expect(server.eventArrivals.size).toBe(60);
  });

  it('stamps events on the server’s clock: a booth 10 minutes fast reports the right time', async () => {
    const fast = 10 * 60_000;
    const license = server.addLicense();
    const c = new LicenseClient({
      serverUrl: server.url,
      stateDir: dir,
      deviceId: 'booth-1',
      now: () => new Date(Date.now() + fast),
    });
    expect((await c.activate(license.key)).status).toBe('valid');
    const [e] = await c.recordUsage(events(1));
    expect(Math.abs(Date.parse(e!.timestamp) - Date.now())).toBeLessThan(2000);
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', accepted: 1, held: 0 });
  });

  it('corrects at send time an event recorded before the offset was known', async () => {
    const fast = 10 * 60_000;
    const c = new LicenseClient({
      serverUrl: server.url,
      stateDir: dir,
      deviceId: 'booth-1',
      now: () => new Date(Date.now() + fast),
    });
    const [e] = await c.recordUsage(events(1)); // never online yet: the booth's own time
    expect((await c.usage.pending())[0]).toMatchObject({ timestamp: e!.timestamp });
    expect((await c.usage.pending())[0]!.offset_applied).toBeUndefined();
    expect((await c.activate(server.addLicense().key)).status).toBe('valid');
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', accepted: 1, held: 0 });
    const sent = server.usageBatches.flat()[0] as unknown as {
      timestamp: string;
      offset_applied?: boolean;
    };
    expect(Math.abs(Date.parse(sent.timestamp) - (Date.parse(e!.timestamp) - fast))).toBeLessThan(
      2000,
    );
    expect(sent.offset_applied).toBeUndefined();
  });

  it('events older than the server keeps are dropped before sending', async () => {
    const { c } = await activated();
    await c.recordUsage({
      kind: 'error',
      file_type: 'jpg',
      timestamp: new Date(Date.now() - 31 * 86_400_000),
    });
    await c.recordUsage(events(3));
    const r = await c.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 3, dropped: [{ code: 'TOO_OLD', count: 1 }] });
    expect(server.requests.filter((q) => q.path === '/api/analytics/usage')).toHaveLength(1);
    const [logged] = await c.usage.droppedLog();
    expect(logged!.events).toHaveLength(1);
    expect(logged!.events![0]!.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(logged!.events![0]!.timestamp)).toBeGreaterThan(30 * 86_400_000);
  });

  it('a full queue drops its oldest events, with the reason', async () => {
    const queue = new UsageQueue(new StateStore(dir), 3);
    for (let i = 0; i < 5; i += 1) await queue.append(events(1, i), new Date(Date.now() + i));
    const left = await queue.pending();
    expect(left.map((e) => e.filename)).toEqual(['photo-2.jpg', 'photo-3.jpg', 'photo-4.jpg']);
    expect((await queue.droppedLog()).map((d) => [d.code, d.count])).toEqual([
      ['QUEUE_FULL', 1],
      ['QUEUE_FULL', 1],
    ]);
    expect((await queue.droppedLog()).map((d) => d.events?.map((e) => e.event_id).length)).toEqual([1, 1]);
  });

  it('two processes flushing at once send each event once', async () => {
    const { c } = await activated();
    await c.recordUsage(events(300));
    const results = await Promise.all([c.flushUsage(), client().flushUsage()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(300);
    expect(server.eventArrivals.size).toBe(300);
    expect(arrivals().every((n) => n === 1)).toBe(true);
  });

  it('without a licence the events wait, then go under the licence activated next', async () => {
    const c = client();
    const queued = await c.recordUsage(events(2));
    expect(await c.flushUsage()).toMatchObject({ status: 'not-activated', remaining: 2 });
    expect(server.usageBatches).toHaveLength(0);
    const license = server.addLicense();
    await c.activate(license.key);
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 2, remaining: 0 });
    expect(keysSentUnder()).toEqual(
      new Map(queued.map((e) => [e.event_id, [`${license.key} booth-1`]])),
    );
  });

  it('leaves no temporary files behind', async () => {
    const { c } = await activated();
    await c.recordUsage(events(120));
    await c.flushUsage();
    await c.recordUsage(events(1));
    const files = [...(await readdir(dir)), ...(await readdir(path.join(dir, 'usage')))];
    expect(files.filter((f) => f.endsWith('.tmp') || f.endsWith('.lock'))).toEqual([]);
  });

  it('the reporter flushes on its own', async () => {
    const { c } = await activated();
    await c.recordUsage(events(4));
    const done = new Promise<void>((resolve) => {
      const reporter = c.startUsageReporter({
        intervalMs: 20,
        onResult: (r) => {
          if (r.sent === 4) {
            reporter.stop();
            resolve();
          }
        },
      });
    });
    await done;
    expect(server.eventArrivals.size).toBe(4);
  });
});

describe('usage events', () => {
  it('get an id and a timestamp, and keep what was given', async () => {
    const c = client();
    const [e] = await c.recordUsage({
      kind: 'error',
      file_type: ' png ',
      error_message: 'out of memory',
      timestamp: '2025-03-01T10:00:00+08:00',
    });
    expect(e).toMatchObject({
      kind: 'error',
      file_type: 'png',
      error_message: 'out of memory',
      timestamp: '2025-03-01T02:00:00.000Z',
    });
    expect(e!.event_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['an unknown kind', { kind: 'done', file_type: 'jpg' }],
    ['no file type', { kind: 'success', file_type: ' ' }],
    ['a file type over 50 characters', { kind: 'success', file_type: 'x'.repeat(51) }],
    ['a negative processing time', { kind: 'success', file_type: 'jpg', processing_time: -1 }],
    ['a date that is not one', { kind: 'success', file_type: 'jpg', timestamp: 'yesterday-ish' }],
    ['an event id that is not a UUID', { kind: 'success', file_type: 'jpg', event_id: '42' }],
  ])('refuse %s before it is queued', async (_name, event) => {
    const c = client();
    await expect(c.recordUsage(event as UsageEventInput)).rejects.toBeInstanceOf(UsageEventError);
    expect(await c.usage.size()).toBe(0);
  });
});

describe('queued usage stays with the licence it was recorded under', () => {
  it('two Daily passes at a 2-day offline event: each day goes under its own pass', async () => {
    const { c, license: dayOne } = await activated();
    Object.assign(dayOne, { type: 'day', starts_at: hoursAgo(48), expires_at: hoursAgo(24) });
    const first = await c.recordUsage([
      { kind: 'success', file_type: 'jpg', timestamp: hoursAgo(40) },
      { kind: 'success', file_type: 'jpg', timestamp: hoursAgo(30) },
    ]);
    const dayTwo = server.addLicense({ type: 'day' });
    expect((await c.activate(dayTwo.key)).status).toBe('valid');
    Object.assign(dayTwo, { starts_at: hoursAgo(24), expires_at: hoursAgo(-1) });
    const second = await c.recordUsage([
      { kind: 'success', file_type: 'jpg', timestamp: hoursAgo(20) },
      { kind: 'error', file_type: 'png', timestamp: hoursAgo(2) },
      { kind: 'success', file_type: 'jpg', timestamp: hoursAgo(1) },
    ]);

    const r = await c.flushUsage();
    expect(r).toMatchObject({ status: 'sent', sent: 5, remaining: 0, dropped: [] });
    expect(keysSentUnder()).toEqual(
      new Map([
        ...first.map((e) => [e.event_id, [`${dayOne.key} booth-1`]] as const),
        ...second.map((e) => [e.event_id, [`${dayTwo.key} booth-1`]] as const),
      ]),
    );
    // A batch never mixes licences.
    expect(server.usageBatches.map((b) => b.length).sort()).toEqual([2, 3]);
  });

  it('deactivate sends the seat’s events first, under its licence', async () => {
    const { c, license } = await activated();
    const queued = await c.recordUsage(events(3));
    expect(await c.deactivate()).toMatchObject({ status: 'deactivated' });
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/licenses/activate',
      '/api/analytics/usage',
      '/api/licenses/deactivate',
    ]);
    expect([...server.eventArrivals.keys()].sort()).toEqual(queued.map((e) => e.event_id).sort());
    expect(await c.usage.size()).toBe(0);
    expect(keysSentUnder().get(queued[0]!.event_id)).toEqual([`${license.key} booth-1`]);
  });

  it('events the deactivation could not send go later under the old licence, not the new one', async () => {
    const { c, license: old } = await activated();
    const queued = await c.recordUsage(events(3));
    // The flush before the deactivation finds the usage endpoint down; the seat is freed anyway.
    server.injected.push({ status: 503, path: '/api/analytics/usage' });
    expect(await c.deactivate()).toMatchObject({ status: 'deactivated' });
    expect(await c.usage.size()).toBe(3);

    // With no licence stored, they are still sent (they carry their own): the server is down.
    server.injected.push({ status: 503, path: '/api/analytics/usage' });
    expect(await c.flushUsage({ attempts: 1 })).toMatchObject({ status: 'offline', remaining: 3 });

    const next = server.addLicense();
    expect((await c.activate(next.key)).status).toBe('valid');
    expect(await c.flushUsage()).toMatchObject({ status: 'sent', sent: 3, remaining: 0 });
    for (const event of queued)
      expect(new Set(keysSentUnder().get(event.event_id))).toEqual(new Set([`${old.key} booth-1`]));
  });

  it('one licence refused as a whole keeps its events and does not hold back another’s', async () => {
    const { c, license: first } = await activated();
    await c.recordUsage(events(2));
    const second = server.addLicense();
    expect((await c.activate(second.key)).status).toBe('valid');
    const later = await c.recordUsage(events(3, 2));
    // The first seat moved to another booth without this one giving it back.
    first.device_id = 'booth-elsewhere';

    expect(await c.flushUsage()).toMatchObject({
      status: 'refused',
      code: 'DEVICE_MISMATCH',
      sent: 3,
      remaining: 2,
    });
    expect([...server.eventArrivals.keys()].sort()).toEqual(later.map((e) => e.event_id).sort());
  });
});
