import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUserWithSession, type TestUser } from '../../test/fixtures';
import { insertLicense, insertPaidOrder } from '../../test/account-fixtures';

/** What one user's API answers hold must not stay in a browser's or a proxy's cache. */
let t: TestApp;
let u: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  u = await createUserWithSession(t.db);
  await insertPaidOrder(t.db, u);
  await insertLicense(t.db, u, { type: 'month' });
});
afterAll(() => t?.close());

describe('Cache-Control of the API', () => {
  const privateGets = () => [
    '/api/users/me',
    `/api/order/user/${u.id}`,
    '/api/invoice',
    '/api/subscriptions/licenses?mode=CURRENT',
    '/api/subscriptions/licenses/current',
    `/api/notification/${u.id}`,
  ];

  it('is no-store on every private answer', async () => {
    for (const url of privateGets()) {
      const res = await t.app.inject({ method: 'GET', url, headers: u.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }
  });

  it('is no-store on a profile update and on a refusal', async () => {
    const put = await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}`, headers: u.headers, payload: { email: u.email, first_name: 'Ann' } });
    expect(put.statusCode).toBe(200);
    expect(put.headers['cache-control']).toMatch(/no-store/);
    const other = await t.app.inject({ method: 'GET', url: `/api/order/user/${u.id + 1000}`, headers: u.headers });
    expect(other.statusCode).toBe(403);
    expect(other.headers['cache-control']).toMatch(/no-store/);
  });

  it('leaves a public answer that chose its own caching alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalogue/products' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
