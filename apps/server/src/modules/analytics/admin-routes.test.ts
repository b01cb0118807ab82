import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDayOf, startOfBusinessDay } from '@lbs/domain/report-periods';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { insertUsageEvent } from '../../../test/report-fixtures';

const TZ = 'Asia/Singapore';
const HOUR = 3_600_000;

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let booth7: Awaited<ReturnType<typeof insertLicense>>;

const now = Date.now();
const today = businessDayOf(new Date(now), TZ);
const threeDaysAgo = addDays(today, -3);
const noonOf = (day: string) => new Date(startOfBusinessDay(day, TZ).getTime() + 12 * HOUR);

/** The success events written, newest first by (timestamp, id): the order every page must follow. */
let expectedOrder: number[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  customer = await createUserWithSession(t.db);
  const written: Array<{ id: number; at: number }> = [];
  const add = async (at: Date, extra: Parameters<typeof insertUsageEvent>[1] extends infer E ? Partial<E> : never = {}) => {
    const row = await insertUsageEvent(t.db, { kind: 'success', occurredAt: at, ...extra });
    written.push({ id: row.id, at: at.getTime() });
  };
  // 12 today (three at the very same instant: the id decides their order), 8 three days ago,
  // 5 forty days ago.
  for (let i = 0; i < 9; i += 1) await add(new Date(now - (i + 1) * 1000), { filename: `today-${i}.jpg` });
  const tie = new Date(now - 20_000);
  for (let i = 0; i < 3; i += 1) await add(tie, { filename: `tie-${i}.jpg` });
  for (let i = 0; i < 8; i += 1) await add(new Date(noonOf(threeDaysAgo).getTime() + i * 60_000));
  for (let i = 0; i < 5; i += 1) await add(new Date(noonOf(addDays(today, -40)).getTime() + i * 60_000));
  expectedOrder = written.sort((a, b) => b.at - a.at || b.id - a.id).map((w) => w.id);

  booth7 = await insertLicense(t.db, customer, { deviceId: 'booth-7' });
  await insertUsageEvent(t.db, { kind: 'error', occurredAt: new Date(now - 5000), errorMessage: 'Unsupported colour profile', filename: 'scan-0042.tiff', fileType: 'tiff', deviceId: 'booth-7', ipAddress: '198.51.100.4', licenseId: booth7.id });
  await insertUsageEvent(t.db, { kind: 'error', occurredAt: noonOf(addDays(today, -10)) });
});
afterAll(() => t.close());

const get = (url: string, who: TestUser | null = admin) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
const ids = (page: Page<{ id: number }>) => page.items.map((i) => i.id);

describe('who may read the analytics', () => {
  const urls = [
    '/api/analytics/usage/summary',
    '/api/analytics/usage/daily?period=never',
    '/api/analytics/events?page=0',
    '/api/analytics/errors?from=yesterday',
    '/api/analytics/booths?period=never',
  ];
  it('answers a stranger 401 and a customer 403, whatever the query', async () => {
    for (const url of urls) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      const res = await get(url, customer);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
  });
});

describe('GET /api/analytics/events', () => {
  it('pages the successful events newest first, the id breaking ties, no event on two pages', async () => {
    const first = (await get('/api/analytics/events?page_size=10')).json() as Page<{ id: number }>;
    expect(first).toMatchObject({ total: 25, page: 1, page_size: 10 });
    const pages = [first];
    for (const page of [2, 3]) pages.push((await get(`/api/analytics/events?page_size=10&page=${page}`)).json() as Page<{ id: number }>);
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap(ids)).toEqual(expectedOrder);
    const beyond = (await get('/api/analytics/events?page_size=10&page=4')).json() as Page<{ id: number }>;
    expect(beyond).toEqual({ items: [], total: 25, page: 4, page_size: 10, next_cursor: null, prev_cursor: null });
  });

  it('pages by position too: after/before a page the client was on give the same rows, the last page read from the oldest', async () => {
    type Keyset = Page<{ id: number }> & { next_cursor: string | null; prev_cursor: string | null };
    const at = async (query: string) => {
      const res = await get(`/api/analytics/events?page_size=4&${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json() as Keyset;
    };
    const byOffset: number[][] = [];
    for (let page = 1; page <= 7; page += 1) byOffset.push(ids(await at(`page=${page}`)));
    expect(byOffset.flat()).toEqual(expectedOrder);
    expect(byOffset.map((p) => p.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    // Forwards from page 1 by its next_cursor, one page and two pages on.
    let current = await at('page=1');
    for (let page = 2; page <= 7; page += 1) {
      const next = await at(`page=${page}&after=${current.next_cursor}`);
      expect(ids(next), `page ${page}`).toEqual(byOffset[page - 1]);
      current = next;
    }
    const first = await at('page=1');
    expect(ids(await at(`page=3&after=${first.next_cursor}`))).toEqual(byOffset[2]);
    // Backwards from the last page by its prev_cursor.
    current = await at('page=7');
    for (let page = 6; page >= 1; page -= 1) {
      const previous = await at(`page=${page}&before=${current.prev_cursor}`);
      expect(ids(previous), `page ${page}`).toEqual(byOffset[page - 1]);
      current = previous;
    }
    // A position is only a hint of where to start: a page asked for with both gives the same rows.
    const middle = await at('page=4');
    expect(ids(await at(`page=5&after=${middle.next_cursor}&before=${middle.prev_cursor}`))).toEqual(byOffset[4]);
    expect(ids(await at(`page=3&after=${middle.next_cursor}&before=${middle.prev_cursor}`))).toEqual(byOffset[2]);
  });

  it('pages through by the cursor alone: after=next_cursor is the next page, before=prev_cursor the previous', async () => {
    type Keyset = Page<{ id: number }> & { next_cursor: string | null; prev_cursor: string | null };
    const at = async (query: string) => {
      const res = await get(`/api/analytics/events?page_size=4${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json() as Keyset;
    };
    const seen: number[] = [];
    let current = await at('');
    const pages = [current];
    seen.push(...ids(current));
    while (seen.length < current.total) {
      current = await at(`&after=${current.next_cursor}`);
      expect(current.items.length, `page ${pages.length + 1}`).toBeGreaterThan(0);
      pages.push(current);
      seen.push(...ids(current));
    }
    expect(seen).toEqual(expectedOrder);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // And back from the last page by prev_cursor alone.
    const back: number[][] = [];
    while (current.page > 1) {
      current = await at(`&before=${current.prev_cursor}`);
      back.unshift(ids(current));
    }
    expect(back.flat()).toEqual(expectedOrder.slice(0, 24));
    expect(current.page).toBe(1);
  });

  it('refuses a position it did not give out (400), and changes nothing', async () => {
    for (const bad of ['x', Buffer.from('[1,2,3]').toString('base64url'), Buffer.from('["2026-01-01T00:00:00.000000Z",-1,1]').toString('base64url'), 'a'.repeat(201)]) {
      const res = await get(`/api/analytics/events?page=2&after=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ detail: expect.any(String) });
    }
    expect((await get(`/api/analytics/errors?page=2&before=%27%3B--`)).statusCode).toBe(400);
  });

  it('answers the spec fields: timestamp, ip_address, filename, file_type, processing_time (s), device_address', async () => {
    const page = (await get('/api/analytics/events?page_size=1')).json() as Page<Record<string, unknown>>;
    expect(page.items[0]).toEqual({
      id: expectedOrder[0],
      timestamp: new Date(now - 1000).toISOString(),
      ip_address: '203.0.113.7',
      filename: 'today-0.jpg',
      file_type: 'jpg',
      processing_time: 1.5,
      device_address: 'device-1',
      license_id: null,
      key_suffix: null,
    });
  });

  it('filters by business days: from and to both included, either side open', async () => {
    const total = async (query: string) => ((await get(`/api/analytics/events?${query}`)).json() as Page<unknown>).total;
    expect(await total(`from=${threeDaysAgo}&to=${threeDaysAgo}`)).toBe(8);
    expect(await total(`from=${threeDaysAgo}`)).toBe(20);
    expect(await total(`to=${threeDaysAgo}`)).toBe(13);
    expect(await total(`to=${addDays(threeDaysAgo, -1)}`)).toBe(5);
  });

  it('filters by period as the reports count it', async () => {
    const total = async (period: string) => ((await get(`/api/analytics/events?period=${period}`)).json() as Page<unknown>).total;
    expect(await total('today')).toBe(12);
    expect(await total('yesterday')).toBe(0);
    expect(await total('last_7_days')).toBe(20);
    expect(await total('last_1_month')).toBe(20);
  });

  const refused: Array<[string, RegExp]> = [
    [`from=${today}&to=${threeDaysAgo}`, /from date/],
    [`period=today&from=${today}`, /either/],
    ['page=0', /page/],
    ['page_size=101', /page_size/],
    ['from=2025-02-30', /YYYY-MM-DD/],
    ['period=forever', /period/],
    ['kind=error', /kind/],
  ];
  for (const [query, detail] of refused) {
    it(`refuses ?${query} (400)`, async () => {
      const res = await get(`/api/analytics/events?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(detail);
    });
  }
});

describe('GET /api/analytics/errors', () => {
  it('lists the error events only, newest first, with the error fields', async () => {
    const page = (await get('/api/analytics/errors')).json() as Page<Record<string, unknown>>;
    expect(page.total).toBe(2);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      timestamp: new Date(now - 5000).toISOString(),
      ip_address: '198.51.100.4',
      filename: 'scan-0042.tiff',
      file_type: 'tiff',
      device_address: 'booth-7',
      error_message: 'Unsupported colour profile',
      license_id: booth7.id,
      key_suffix: booth7.licenseKey.split('-').at(-1),
    });
    expect(page.items[1]!.timestamp).toBe(noonOf(addDays(today, -10)).toISOString());
  });

  it('links the device to its licence: the admin licence list finds the event’s licence id', async () => {
    const event = ((await get('/api/analytics/errors')).json() as Page<{ license_id: string | null }>).items[0]!;
    const found = (await get(`/api/subscriptions/licenses/admin/all?q=${event.license_id}`)).json() as Page<{ _id: string; device_number: string }>;
    expect(found.items.map((l) => [l._id, l.device_number])).toEqual([[booth7.id, 'booth-7']]);
  });

  it('takes the same filters', async () => {
    expect(((await get('/api/analytics/errors?period=today')).json() as Page<unknown>).total).toBe(1);
    expect(((await get(`/api/analytics/errors?to=${addDays(today, -1)}`)).json() as Page<unknown>).total).toBe(1);
    expect((await get(`/api/analytics/errors?to=${addDays(today, -1)}&from=${today}`)).statusCode).toBe(400);
  });
});

describe('GET /api/analytics/usage/summary and /daily', () => {
  it('summarises today and lists last_7_days (the default) per day, zero-filled', async () => {
    expect((await get('/api/analytics/usage/summary?period=today')).json()).toEqual({ total_usage: 12, average_time: 1.5, errors: 1, error_rate: 1 / 13 });
    const days = (await get('/api/analytics/usage/daily')).json() as Array<{ date: string; count: number }>;
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)));
    expect(days.map((d) => d.count)).toEqual([0, 0, 0, 8, 0, 0, 12]);
  });

  it('refuses a custom range over 366 days and an unknown parameter', async () => {
    expect((await get('/api/analytics/usage/daily?start_date=2024-01-01&end_date=2025-01-01')).statusCode).toBe(400);
    expect((await get('/api/analytics/usage/summary?page=2')).statusCode).toBe(400);
  });
});

describe('GET /api/analytics/booths', () => {
  it("ranks today's booths with their licence and customer: events without a licence belong to no booth", async () => {
    const booth = {
      license_id: booth7.id,
      key_suffix: booth7.licenseKey.split('-').at(-1),
      device_id: 'booth-7',
      booth_name: null,
      customer_id: customer.id,
      email: customer.email,
      events: 1,
      errors: 1,
    };
    expect((await get('/api/analytics/booths?period=today')).json()).toEqual({ busiest: [booth], most_errors: [booth] });
    expect((await get(`/api/analytics/booths?start_date=${addDays(today, -5)}&end_date=${addDays(today, -1)}`)).json()).toEqual({ busiest: [], most_errors: [] });
  });

  it('refuses an unknown period or parameter (400)', async () => {
    expect((await get('/api/analytics/booths?period=forever')).statusCode).toBe(400);
    expect((await get('/api/analytics/booths?page=2')).statusCode).toBe(400);
  });
});
