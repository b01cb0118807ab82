import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { MSG } from '@lbs/domain/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { cartOf, CHECKOUT_URL, onePaymentBody, SG_ADDRESS } from '../../test/checkout-fixtures';
import { createUserWithSession, randomIp, type TestUser } from '../../test/fixtures';

/**
 * A NUL byte or a lone UTF-16 surrogate in any text a request carries is a 400 naming the field,
 * never a 500 from the database (PostgreSQL cannot store U+0000).
 */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  user = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

const NUL = 'x\u0000y';
const LONE_HIGH = 'x\uD800y';
const LONE_LOW = '\uDC00y';

interface Case {
  what: string;
  field: string;
  request: (bad: string) => InjectOptions;
}

const contact = (over: object) => ({
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '+65 6123 4567',
  company: 'Booths Pte',
  message: 'Hello, I would like a booth.',
  ...over,
});
const checkout = (over: object) => ({ ...onePaymentBody(cartOf({ 1: 1 })), ...over });

const cases: Case[] = [
  { what: 'contact name', field: 'body.name', request: (bad) => ({ method: 'POST', url: '/api/admin/contact', payload: contact({ name: bad }) }) },
  { what: 'contact message', field: 'body.message', request: (bad) => ({ method: 'POST', url: '/api/admin/contact', payload: contact({ message: `long enough ${bad}` }) }) },
  { what: 'contact company', field: 'body.company', request: (bad) => ({ method: 'POST', url: '/api/admin/contact', payload: contact({ company: bad }) }) },
  {
    what: 'sign-up username',
    field: 'body.user.username',
    request: (bad) => ({
      method: 'POST',
      url: '/api/users/signup',
      payload: { user: { username: bad, email: 'new@example.com', password: 'Correct-Horse-9-Battery!' }, recaptchaToken: 'x' },
    }),
  },
  {
    what: 'profile first name',
    field: 'body.first_name',
    request: (bad) => ({ method: 'PUT', url: `/api/users/${user.id}`, headers: user.headers, payload: { email: user.email, first_name: bad } }),
  },
  {
    what: 'profile last name',
    field: 'body.last_name',
    request: (bad) => ({ method: 'PUT', url: `/api/users/${user.id}`, headers: user.headers, payload: { email: user.email, first_name: 'Ann', last_name: bad } }),
  },
  {
    what: 'shipping address',
    field: 'body.shipping_info.address',
    request: (bad) => ({ method: 'POST', url: CHECKOUT_URL, headers: user.headers, payload: checkout({ shipping_info: { ...SG_ADDRESS, address: bad } }) }),
  },
  {
    what: 'shipping city',
    field: 'body.shipping_info.city',
    request: (bad) => ({ method: 'POST', url: CHECKOUT_URL, headers: user.headers, payload: checkout({ shipping_info: { ...SG_ADDRESS, city: bad } }) }),
  },
  {
    what: 'promo code in the checkout',
    field: 'body.promo_code',
    request: (bad) => ({ method: 'POST', url: CHECKOUT_URL, headers: user.headers, payload: checkout({ promo_code: bad }) }),
  },
  { what: 'page-view path', field: 'body.path', request: (bad) => ({ method: 'POST', url: '/api/analytics/pageview', payload: { path: `/${bad}` } }) },
  {
    what: 'page-view referrer',
    field: 'body.referrer',
    request: (bad) => ({ method: 'POST', url: '/api/analytics/pageview', payload: { path: '/', referrer: `https://example.com/${bad}` } }),
  },
];

describe('text in a URL', () => {
  // A lone surrogate cannot be written in a URL (UTF-8 has no encoding for it), so a URL carries NUL only.
  const urls: [string, string][] = [
    ['/api/voucher/promotion/code/ab%00cd', 'params.code'],
    ['/api/users/verify-email/ab%00cd', 'params.token'],
    ['/api/users/verify-reset-password?token=ab%00cd', 'querystring.token'],
    ['/api/users/forgot-password?email=a%00@example.com', 'querystring.email'],
  ];
  it.each(urls)('%s is a 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: `${field}: ${MSG.invalidText}` });
  });

  it('a signed-in query: the licence list mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses?mode=CURRENT%00', headers: user.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: `querystring.mode: ${MSG.invalidText}` });
  });
});

describe('text a request carries', () => {
  for (const c of cases) {
    it(`${c.what}: a NUL byte or a lone surrogate is a 400 naming ${c.field}`, async () => {
      for (const bad of [NUL, LONE_HIGH, LONE_LOW]) {
        const res = await t.app.inject({ remoteAddress: randomIp(), ...c.request(bad) });
        expect(res.statusCode, `${c.what} ${JSON.stringify(bad)}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ detail: `${c.field}: ${MSG.invalidText}` });
      }
    });
  }

  it('well-formed text with emoji and accents still goes through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contact',
      remoteAddress: randomIp(),
      payload: contact({ name: 'Zoë 😀 名前' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the shared request schemas', () => {
  it('make every string through the text rule', () => {
    // A bare zod string would let NUL reach PostgreSQL again, as a 500.
    const domain = path.resolve(import.meta.dirname, '../../../../packages/domain/src');
    for (const file of ['schemas.ts', 'page-view.ts']) {
      const source = fs.readFileSync(path.join(domain, file), 'utf8');
      const bare = source.replace(/.*@text-rule.*/g, '').match(/\bz\s*\.\s*string\s*\(/g) ?? [];
      expect(bare, file).toEqual([]);
    }
  });
});
