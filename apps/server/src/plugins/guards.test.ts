import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutesOf } from '../../test/admin-routes-of';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../test/fixtures';
import { MODULES } from '../modules/module-table';

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
  // A mail's unsubscribe link (issue 22): the per-customer token in the path is the credential,
  // so a mail client's one-click POST works without a session.
  'GET /api/unsubscribe/{token}',
  'POST /api/unsubscribe/{token}',
]);

/**
 * The signed-in routes any customer may call (their own account, cart, licences, ...), the other
 * deliberate list: every route of the document is public, admin (by the module table) or one of
 * these. An admin route registered as a module's public `routes` instead of its `adminRoutes` is
 * none of the three, and the check below names it.
 */
const CUSTOMER = new Set([
  'GET /api/users/me',
  'POST /api/users/signout',
  'PUT /api/users/{id}',
  'GET /api/users/me/preferences',
  'PUT /api/users/me/preferences',
  'GET /api/notification/{userId}',
  'PATCH /api/notification/{id}/read',
  'PATCH /api/notification/{id}/done',
  'POST /api/notification/stream-ticket',
  'GET /api/invoice',
  'POST /api/invoice/generate-receipt-pdf',
  'GET /api/invoice/{invoiceNo}/receipt',
  // Credit notes (issue 23): the caller's own, and a PDF (its customer or an admin).
  'GET /api/invoice/credit-notes',
  'GET /api/invoice/credit-notes/{creditNoteNo}/pdf',
  'GET /api/order/user/{userId}',
  'GET /api/order/checkout/{sessionId}',
  'POST /api/subscriptions/create-checkout-session/one-payment',
  'GET /api/subscriptions/licenses/current',
  'GET /api/subscriptions/licenses',
  'POST /api/subscriptions/licenses/{id}/reset-device',
  'GET /api/booths',
  'POST /api/booths/rename',
  'POST /api/licenses/offline-activations',
  // Licences that recur: turn automatic renewal on or off, pay a due one now (the caller's own licence).
  'PUT /api/licenses/{id}/auto-renew',
  'POST /api/licenses/{id}/renewal/pay',
  'POST /api/licenses/{id}/renewal/confirmed',
  // The customer's payment method (decision 0022): the caller's own saved card.
  'GET /api/payment-methods/current',
  'POST /api/payment-methods/setup',
  'DELETE /api/payment-methods/current',
  'GET /api/subscriptions/download-guidebook',
  'GET /api/subscriptions/download-app/status',
  'GET /api/subscriptions/download-app',
]);

/** Routes with a credential of their own: the scraper's METRICS_TOKEN (or this machine). */
const OWN_CREDENTIAL = new Set(['GET /api/metrics']);

interface Route {
  method: string;
  path: string;
  key: string;
}

/** The routes of an app's OpenAPI document, as `METHOD /path/{param}`. */
function documentedRoutes(app: FastifyInstance): Route[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path, key: `${m.toUpperCase()} ${path}` })),
  );
}

/** The operations the document tags `admin` (the admin scope adds the tag, no route writes it). */
function taggedAdmin(app: FastifyInstance): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.tags?.includes('admin'))
      .map(([m]) => `${m.toUpperCase()} ${path}`),
  );
}

/** Documented routes that are neither public on purpose, nor admin by the table, nor a known customer route. */
const unclassified = (routes: Route[], admin: Set<string>) =>
  routes.filter((r) => !PUBLIC.has(r.key) && !admin.has(r.key) && !CUSTOMER.has(r.key) && !OWN_CREDENTIAL.has(r.key)).map((r) => r.key);

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
let routes: Route[];
let ADMIN: Set<string>;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUserWithSession(t.db);
  other = await createUserWithSession(t.db);
  admin = await createAdminWithSession(t.db);
  routes = documentedRoutes(t.app);
  ADMIN = await adminRoutesOf(MODULES, t.ctx);
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
  it('finds the public, admin and customer routes in the OpenAPI document, and no route outside them', () => {
    const keys = new Set(routes.map((r) => r.key));
    for (const k of [...PUBLIC, ...ADMIN, ...CUSTOMER, ...OWN_CREDENTIAL]) expect(keys, k).toContain(k);
    expect(ADMIN.size).toBeGreaterThanOrEqual(20);
    expect([...ADMIN].filter((k) => PUBLIC.has(k) || CUSTOMER.has(k) || OWN_CREDENTIAL.has(k))).toEqual([]);
    expect(unclassified(routes, ADMIN)).toEqual([]);
  });

  it('tags exactly the admin routes of the module table admin in the OpenAPI document', () => {
    expect(taggedAdmin(t.app).sort()).toEqual([...ADMIN].sort());
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

  it('lets a customer past the guard of every customer route (neither 401 nor admin only)', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => CUSTOMER.has(r.key))) {
      // A session of its own for each route: the walk passes through sign-out.
      const caller = await createUserWithSession(t.db);
      const req = malformed(route, 'wrong-shape');
      const res = await t.app.inject({ ...req, headers: { ...req.headers, ...caller.headers } });
      if (res.statusCode === 401 || (res.statusCode === 403 && res.json().detail === 'Admin only')) wrong.push(`${route.key} → ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

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
  it('counts the routes about one user among the customer routes', () => {
    for (const { key } of OWNED) expect(CUSTOMER, key).toContain(key);
  });

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

describe('a route registered in the wrong file', () => {
  // The audit log's admin routes registered as the module's public routes: the mistake the layout
  // rule is about. The checks above, run on this app, must name the route.
  const misregistered = MODULES.map((m) => (m.name === 'audit' ? { name: m.name, routes: m.adminRoutes } : m));
  let wrong: TestApp;
  beforeAll(async () => {
    wrong = await buildTestApp({}, { modules: misregistered });
  });
  afterAll(() => wrong.close());

  it('is neither public, admin nor a customer route, so the classification names it', async () => {
    const adminByTable = await adminRoutesOf(misregistered, wrong.ctx);
    expect(adminByTable.has('GET /api/admin/audit')).toBe(false);
    expect(unclassified(documentedRoutes(wrong.app), adminByTable)).toEqual(['GET /api/admin/audit']);
    expect(taggedAdmin(wrong.app)).not.toContain('GET /api/admin/audit');
  });

  it('is what the classification guards against: a customer is let in', async () => {
    const reader = await createUserWithSession(wrong.db);
    const res = await wrong.app.inject({ method: 'GET', url: '/api/admin/audit', headers: reader.headers });
    expect(res.statusCode).toBe(200);
  });
});
