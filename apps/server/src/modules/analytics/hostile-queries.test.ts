import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, type TestUser } from '../../../test/fixtures';

/**
 * The API fuzz test calls the admin routes as a stranger and a customer only; these are the
 * awkward queries an admin (or a stolen admin session) could send. Each must answer 200 or a
 * 400 with a detail, never a 5xx.
 */

const ROUTES = [
  '/api/report/summary/overview',
  '/api/report/summary/total_income',
  '/api/report/summary/total_refunds',
  '/api/report/summary/active_subscriptions',
  '/api/report/compare',
  '/api/report/breakdown',
  '/api/analytics/usage/summary',
  '/api/analytics/usage/daily',
  '/api/analytics/events',
  '/api/analytics/errors',
];
const QUERIES = [
  'page=9007199254740991&page_size=100',
  'page=99999999999999999999',
  'page=-1&page_size=0',
  'page_size=1e9',
  'period=today&period=yesterday',
  'start_date=0001-01-01&end_date=0001-12-31',
  'start_date=9999-12-31&end_date=9999-12-31',
  'start_date=1900-02-28&end_date=1900-03-01',
  'from=0001-01-01&to=9999-12-31',
  'from=9999-12-31',
  'to=9999-12-31',
  'from=9999-12-30&to=9999-12-30',
  'start_date=9999-12-30&end_date=9999-12-30',
  'start_date=1969-12-31&end_date=1970-01-01',
  'to=0001-01-01',
  'from=%00&to=%F0%9F%92%A5',
  'start_date=2025-01-01&end_date=+02025-01-02',
  '__proto__=x',
];

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t.close());

it('answers every awkward admin query with 200 or a 400 detail, never a 5xx', async () => {
  const wrong: string[] = [];
  for (const route of ROUTES) {
    for (const query of QUERIES) {
      const res = await t.app.inject({ method: 'GET', url: `${route}?${query}`, headers: admin.headers });
      const ok = res.statusCode === 200 || (res.statusCode === 400 && typeof res.json().detail === 'string');
      if (!ok) wrong.push(`${route}?${query} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  }
  expect(wrong).toEqual([]);
});
