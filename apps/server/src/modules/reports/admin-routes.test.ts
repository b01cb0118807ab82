import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDayOf } from '@lbs/domain/report-periods';
import type { TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import type { TestUser } from '../../../test/fixtures';
import { insertAccount, insertLicenseSpan, insertOrderPaidAt } from '../../../test/report-fixtures';
import { ConfigError, loadConfig } from '../../config';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp());
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const HOUR = 3_600_000;

describe('who may read the reports', () => {
  const urls = [
    '/api/report/summary/overview',
    '/api/report/summary/total_income?period=today',
    '/api/report/summary/bogus?start_date=never',
    '/api/report/summary/overview?x=1',
  ];

  it('answers a stranger 401, whatever the query', async () => {
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
  });

  it('answers a customer 403 before looking at the metric or the dates', async () => {
    for (const url of urls) expect((await get(url, customer)).statusCode, url).toBe(403);
  });
});

describe('GET /api/report/summary/{metric} refuses what it cannot answer (400)', () => {
  const cases: Array<[string, RegExp]> = [
    ['/api/report/summary/bogus', /metric/],
    ['/api/report/summary/total_users?period=last_year', /period/],
    ['/api/report/summary/total_users?start_date=2025-03-10&end_date=2025-03-09', /after/],
    ['/api/report/summary/total_users?start_date=2024-01-01&end_date=2025-01-01', /366/],
    ['/api/report/summary/total_users?start_date=2025-03-10', /required/i],
    ['/api/report/summary/total_users?start_date=2025-02-30&end_date=2025-03-01', /YYYY-MM-DD/],
    ['/api/report/summary/total_users?period=today&start_date=2025-03-01&end_date=2025-03-02', /either/],
    ['/api/report/summary/total_users?perod=today', /perod/],
    ['/api/report/summary/overview?period=today', /period/],
  ];
  for (const [url, detail] of cases) {
    it(url.replace('/api/report/summary/', ''), async () => {
      const res = await get(url, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(detail);
    });
  }

  it('takes a range of exactly 366 days, every day listed', async () => {
    const res = await get('/api/report/summary/total_orders?start_date=2024-01-01&end_date=2024-12-31', admin);
    expect(res.statusCode).toBe(200);
    const days = res.json() as Array<{ date: string; count: number }>;
    expect(days).toHaveLength(366);
    expect(days[0]).toEqual({ date: '2024-01-01', count: 0 });
    expect(days.at(-1)).toEqual({ date: '2024-12-31', count: 0 });
  });
});

describe('the reports on live data', () => {
  const now = Date.now();
  const today = businessDayOf(new Date(now), 'Asia/Singapore');

  beforeAll(async () => {
    const buyer = await insertAccount(t.db, new Date(now - 40 * 24 * HOUR));
    await insertAccount(t.db, new Date(now - 1000));
    await insertOrderPaidAt(t.db, buyer, new Date(now - 1000), { subtotalCents: 22_000, discountCents: 2_200, shippingCents: 850 });
    await insertOrderPaidAt(t.db, buyer, new Date(now - 1000), { paymentStatus: 'unpaid' });
    await insertLicenseSpan(t.db, buyer, { startAt: new Date(now - 60 * 24 * HOUR), expiresAt: null });
    await insertLicenseSpan(t.db, buyer, { startAt: new Date(now - 60 * 24 * HOUR), expiresAt: new Date(now - 1000) });
  });

  it('the overview counts customers (not admins), current licences, paid orders and their income', async () => {
    const res = await get('/api/report/summary/overview', admin);
    expect(res.statusCode).toBe(200);
    // Customers: the signed-in customer, the buyer and today's sign-up.
    // Income: 220.00 - 22.00 discount + 8.50 shipping.
    expect(res.json()).toEqual({ total_users: 3, total_subscriptions: 1, total_orders: 1, total_income: 206.5, total_refunds: 0 });
  });

  it('today answers this Singapore day with what was paid in it', async () => {
    const res = await get('/api/report/summary/total_income?period=today', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ date: today, income: 206.5 }]);
  });

  it('last_7_days is the default: seven days ending today, oldest first, zero-filled', async () => {
    const res = await get('/api/report/summary/total_orders', admin);
    expect(res.statusCode).toBe(200);
    const days = res.json() as Array<{ date: string; count: number }>;
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)));
    expect(days.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it('active_subscriptions over last_1_month: 30 days, the expired key counted until it expired', async () => {
    const res = await get('/api/report/summary/active_subscriptions?period=last_1_month', admin);
    const days = res.json() as Array<{ date: string; count: number }>;
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: addDays(today, -29), count: 2 });
    expect(days.at(-2)!.count).toBe(2);
    expect(days.at(-1)).toEqual({ date: today, count: 1 });
  });

  it('documents how it counts in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get: { description: string } }>;
    };
    const description = doc.paths['/api/report/summary/{metric}']!.get.description;
    for (const phrase of ['Asia/Singapore', 'last_1_month', 'zero-filled', '366', 'after discount', 'not revoked', 'not suspended', 'for today (or a later day) now']) {
      expect(description).toContain(phrase);
    }
  });
});

describe('BUSINESS_TIME_ZONE', () => {
  it('defaults to Asia/Singapore and takes another IANA zone', () => {
    expect(loadConfig({}).BUSINESS_TIME_ZONE).toBe('Asia/Singapore');
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Europe/London' }).BUSINESS_TIME_ZONE).toBe('Europe/London');
  });

  it('refuses a name that is not a time zone, at start', () => {
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(/BUSINESS_TIME_ZONE/);
  });
});
