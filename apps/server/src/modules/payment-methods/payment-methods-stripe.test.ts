import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { DAY, licenseRow, renewingLicense } from '../../../test/renewal-fixtures';
import { paymentMethods, users } from '../../db/schema';

/*
 * The customer's payment method when Stripe is configured (decision 0022): Replace is Stripe's own
 * card form for the customer's one Stripe Customer, and Remove detaches the card at Stripe too.
 * A few Stripe answers stand in here (the shared Stripe stand-in is another part's), recording
 * what the app's real SDK asked. Both databases.
 */

let t: TestApp;
let stripe: http.Server;
const asked: Array<{ method: string; path: string; body: string }> = [];

beforeAll(async () => {
  stripe = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stripe').pathname;
      asked.push({ method: req.method ?? 'GET', path, body });
      const detach = /^\/v1\/payment_methods\/([\w-]+)\/detach$/.exec(path);
      const answer =
        path === '/v1/customers'
          ? { id: 'cus_test_1', object: 'customer' }
          : path === '/v1/checkout/sessions'
            ? { id: 'cs_test_setup_1', object: 'checkout.session', mode: 'setup', url: 'https://checkout.stripe.test/c/setup/cs_test_setup_1' }
            : detach
              ? { id: detach[1], object: 'payment_method', customer: null }
              : null;
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: `no ${path}` } }));
    });
  });
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
  t = await buildTestApp({
    RATE_LIMIT_DISABLED: '1',
    PUBLIC_URL: 'http://shop.test',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String((stripe.address() as AddressInfo).port),
    STRIPE_API_PROTOCOL: 'http',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stripe?.close(resolve));
});

describe('the payment method on Stripe', () => {
  it('Replace answers Stripe’s card form in setup mode for the customer’s Stripe Customer, returning to Settings', async () => {
    const { user } = await renewingLicense(t, { expiresAt: new Date(Date.now() + 20 * DAY) });
    asked.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: 'https://checkout.stripe.test/c/setup/cs_test_setup_1' });
    expect(asked.map((a) => a.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    const session = new URLSearchParams(asked[1]!.body);
    expect(session.get('mode')).toBe('setup');
    expect(session.get('customer')).toBe('cus_test_1');
    expect(session.get('success_url')).toBe('http://shop.test/accounts/settings/user-management?card=saved');
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.stripeCustomerId).toBe('cus_test_1');
  });

  it('Remove detaches a Stripe card at Stripe, after turning its renewals off here', async () => {
    const { user, license } = await renewingLicense(t, { expiresAt: new Date(Date.now() + 20 * DAY), card: null });
    await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'stripe', providerRef: 'pm_card_visa_1', providerCustomerId: 'cus_test_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    asked.length = 0;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/payment-methods/current', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().renewal_stopped.map((l: { id: string }) => l.id)).toEqual([license.id]);
    expect(asked.map((a) => `${a.method} ${a.path}`)).toEqual(['POST /v1/payment_methods/pm_card_visa_1/detach']);
    expect(await t.db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, user.id), isNull(paymentMethods.detachedAt)))).toHaveLength(0);
    expect((await licenseRow(t, license.id)).autoRenew).toBe(false);
  });
});
