import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small Stripe-compatible HTTP server for tests: the real `stripe` SDK talks to it through
 * STRIPE_API_HOST / _PORT / _PROTOCOL. It implements what the shop calls (coupons, Checkout
 * sessions: create, retrieve and expire) with Stripe's form encoding, idempotency keys and error shape,
 * and lets a test complete or expire a session as the hosted page would.
 */

type Json = Record<string, unknown>;

export interface FakeSession extends Json {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  port: number;
  apiKey: string;
  sessions: Map<string, FakeSession>;
  requests: RecordedRequest[];
  /** The next N session creations are refused with a 400 invalid_request_error. */
  failNextSessionCreates(n: number): void;
  complete(sessionId: string, paymentStatus?: FakeSession['payment_status']): FakeSession;
  expire(sessionId: string): FakeSession;
  close(): Promise<void>;
}

/**
 * The environment that points the app's real Stripe SDK at this fake server (and signs webhooks
 * with `webhookSecret`), for buildTestApp.
 */
export function fakeStripeEnv(fake: FakeStripe, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.apiKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: 'http',
  };
}

/** 'line_items[0][price_data][currency]=usd' → { line_items: [{ price_data: { currency: 'usd' } }] } */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\]\[|\[|\]/).filter((p) => p !== '');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const obj = value as Json;
    const keys = Object.keys(obj);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(obj[k])]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k]) : mapped;
  };
  return arrays(root) as Json;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

export async function startFakeStripe(apiKey = 'sk_test_fake'): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: RecordedRequest[] = [];
  let failCreates = 0;

  const answer = (res: http.ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const error = (status: number, message: string) => ({ status, body: { error: { type: 'invalid_request_error', message } } });

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/coupons') {
      const coupon = { id: id('co'), object: 'coupon', ...body, amount_off: Number(body.amount_off), max_redemptions: Number(body.max_redemptions) };
      coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (failCreates > 0) {
        failCreates--;
        return error(400, 'The fake was told to refuse this session');
      }
      const lines = (body.line_items ?? []) as Array<{ quantity: string; price_data: { unit_amount: string; currency: string } }>;
      const subtotal = lines.reduce((sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity), 0);
      const discounts = (body.discounts ?? []) as Array<{ coupon: string }>;
      const discount = discounts.reduce((sum, d) => {
        const coupon = coupons.get(d.coupon);
        if (!coupon) throw Object.assign(new Error(`No such coupon: '${d.coupon}'`), { status: 400 });
        return sum + Number(coupon.amount_off);
      }, 0);
      const options = (body.shipping_options ?? []) as Array<{ shipping_rate_data: { fixed_amount: { amount: string } } }>;
      const shipping = options.length ? Number(options[0]!.shipping_rate_data.fixed_amount.amount) : 0;
      const sessionId = id('cs_test');
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        mode: String(body.mode),
        amount_subtotal: subtotal,
        amount_total: Math.max(0, subtotal - discount + shipping),
        currency: lines[0]?.price_data.currency ?? 'usd',
        client_reference_id: (body.client_reference_id as string) ?? null,
        customer_email: body.customer_email ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at),
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const session = sessions.get(retrieve[1]!);
      return session ? { status: 200, body: session } : error(404, `No such checkout.session: '${retrieve[1]}'`);
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path);
    if (method === 'POST' && expire) {
      // As Stripe: only an open session can be expired; a complete one can no longer be.
      const session = sessions.get(expire[1]!);
      if (!session) return error(404, `No such checkout.session: '${expire[1]}'`);
      if (session.status !== 'open') return error(400, `Only Checkout Sessions with a status in [open] can be expired. This Checkout Session has a status of ${session.status}.`);
      session.status = 'expired';
      return { status: 200, body: session };
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return answer(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const body = method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(raw);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, body, idempotencyKey: key });
      const cacheKey = key ? `${method} ${url.pathname} ${key}` : undefined;
      if (cacheKey && idempotent.has(cacheKey)) {
        const cached = idempotent.get(cacheKey)!;
        return answer(res, cached.status, cached.body);
      }
      let result: { status: number; body: Json };
      try {
        result = route(method, url.pathname, body);
      } catch (err) {
        result = error((err as { status?: number }).status ?? 500, (err as Error).message);
      }
      if (cacheKey && result.status < 500) idempotent.set(cacheKey, result);
      answer(res, result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mustGet = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
    return session;
  };
  return {
    port,
    apiKey,
    sessions,
    requests,
    failNextSessionCreates: (n) => {
      failCreates = n;
    },
    complete: (sessionId, paymentStatus = 'paid') => Object.assign(mustGet(sessionId), { status: 'complete', payment_status: paymentStatus }),
    expire: (sessionId) => Object.assign(mustGet(sessionId), { status: 'expired' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
