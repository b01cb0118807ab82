import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../test/fixtures';

/**
 * Routes anyone may call: sign-up and sign-in, the public shop, webhooks, and the two routes
 * that authenticate with a short-lived ticket in the query instead of a session. Every other
 * route of the OpenAPI document must answer a stranger 401 before it looks at the request, so a
 * new route is guarded unless it is added here on purpose.
 */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/analytics/pageview',
  'GET /api/notification/stream',
  'GET /api/subscriptions/download-app/file',
  'POST /api/shipping/rates',
  'GET /api/voucher/promotion/code/{code}',
  'POST /api/payments/webhook',
  'GET /api/captcha/challenge',
  'POST /api/users/signup',
  'POST /api/users/signin',
  'POST /api/users/google-signin',
  'POST /api/users/resend-verification',
  'GET /api/users/verify-email/{token}',
  'GET /api/users/forgot-password',
  'GET /api/users/verify-reset-password',
  'POST /api/users/reset-password',
  'GET /api/catalogue/products',
  'POST /api/admin/contact',
  'GET /api/config/public',
  // The licence server: the licence key is the credential, not a session.
  'POST /api/licenses/activate',
  'POST /api/licenses/validate',
  'POST /api/licenses/deactivate',
  'GET /api/licenses/jwks.json',
  'POST /api/analytics/usage',
]);

/** Routes of the admin scope: a signed-in customer gets 403 whatever they send. */
const ADMIN = new Set([
  'POST /api/voucher/coupon',
  'POST /api/voucher/promotion/{couponId}',
  'GET /api/report/summary/overview',
  'GET /api/report/summary/{metric}',
  'GET /api/analytics/usage/summary',
  'GET /api/analytics/usage/daily',
  'GET /api/analytics/events',
  'GET /api/analytics/errors',
  'POST /api/subscriptions/licenses',
  'PUT /api/subscriptions/licenses',
  'GET /api/subscriptions/licenses/admin/all',
  'GET /api/admin/audit',
  'PUT /api/order/{orderId}',
  'GET /api/voucher/coupon',
  'DELETE /api/voucher/coupon/{id}',
  'GET /api/voucher/promotion/{couponId}',
  'PATCH /api/voucher/promotion/{id}/status',
  'GET /api/users',
  'GET /api/users/email',
  'GET /api/users/export',
  'GET /api/notification/admin/all',
  'PATCH /api/notification/read',
  'GET /api/invoice/admin/all',
  'GET /api/order/admin/all',
]);

interface Route {
  method: string;
  path: string;
  key: string;
}

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
let routes: Route[];

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUserWithSession(t.db);
  other = await createUserWithSession(t.db);
  admin = await createAdminWithSession(t.db);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path, key: `${m.toUpperCase()} ${path}` })),
  );
});
afterAll(() => t.close());

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** Every path parameter malformed, a paging query out of range, and a body that is not JSON or the wrong shape. */
function malformed(route: Route, body: 'not-json' | 'wrong-shape', params: (name: string) => string = () => 'not-an-id%20') {
  const url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => params(name));
  return {
    method: route.method as 'GET',
    url: `${url}?page=0&page_size=x&mode=`,
    remoteAddress: randomIp(),
    ...(hasBody(route.method)
      ? {
          headers: { 'content-type': 'application/json' },
          payload: body === 'not-json' ? '{"unexpected": ' : JSON.stringify({ unexpected: ['x'] }),
        }
      : {}),
  };
}

describe('who is calling, before what they sent', () => {
  it('finds the guarded and the public routes in the OpenAPI document', () => {
    const keys = new Set(routes.map((r) => r.key));
    for (const k of [...PUBLIC, ...ADMIN]) expect(keys, k).toContain(k);
    expect(routes.filter((r) => !PUBLIC.has(r.key)).length).toBeGreaterThanOrEqual(15);
  });

  for (const body of ['not-json', 'wrong-shape'] as const) {
    it(`answers a stranger 401 on every guarded route, body ${body}, bad params and query`, async () => {
      const wrong: string[] = [];
      for (const route of routes.filter((r) => !PUBLIC.has(r.key))) {
        const res = await t.app.inject(malformed(route, body));
        if (res.statusCode !== 401 || !res.json().detail) wrong.push(`${route.key} → ${res.statusCode} ${res.body}`);
      }
      expect(wrong).toEqual([]);
    });

    it(`answers a customer 403 on every admin route, body ${body}`, async () => {
      const wrong: string[] = [];
      for (const route of routes.filter((r) => ADMIN.has(r.key))) {
        const res = await t.app.inject({ ...malformed(route, body), headers: { ...malformed(route, body).headers, ...customer.headers } });
        if (res.statusCode !== 403 || !res.json().detail) wrong.push(`${route.key} → ${res.statusCode} ${res.body}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('lets an admin through to validation on the admin routes (400, not 403)', async () => {
    for (const route of routes.filter((r) => ADMIN.has(r.key))) {
      const req = malformed(route, 'wrong-shape');
      const res = await t.app.inject({ ...req, headers: { ...req.headers, ...admin.headers } });
      expect(res.statusCode, route.key).toBe(400);
    }
  });
});

/** Routes about one user, named by a path parameter: the owner (and, except the profile, an admin) may call. */
const OWNED = [
  { key: 'GET /api/order/user/{userId}', param: 'userId', adminToo: true },
  { key: 'GET /api/notification/{userId}', param: 'userId', adminToo: true },
  { key: 'PUT /api/users/{id}', param: 'id', adminToo: false },
];

describe('the owner or an admin, before what they sent', () => {
  for (const { key, param, adminToo } of OWNED) {
    const route = () => routes.find((r) => r.key === key)!;
    const call = (u: TestUser, id: string) => {
      const req = malformed(route(), 'wrong-shape', (name) => (name === param ? id : 'x'));
      return t.app.inject({ ...req, headers: { ...req.headers, ...u.headers } });
    };

    it(`${key}: another customer gets 403 for a well-formed id, whatever else they sent`, async () => {
      const res = await call(other, String(customer.id));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    });

    it(`${key}: the owner gets the 400 of validation`, async () => {
      expect((await call(customer, String(customer.id))).statusCode).toBe(400);
      // A malformed id names nobody: it is the caller's own mistake, answered by the schema.
      expect((await call(customer, 'me')).statusCode).toBe(400);
    });

    it(`${key}: an admin ${adminToo ? 'gets through to validation' : 'is refused like anyone else'}`, async () => {
      expect((await call(admin, String(customer.id))).statusCode).toBe(adminToo ? 400 : 403);
    });
  }
});
