import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe-compatible HTTP server for tests: the real `stripe` SDK talks to it through
 * STRIPE_API_HOST / _PORT / _PROTOCOL. It implements what the shop calls (coupons, Checkout
 * sessions: create, retrieve and expire; refunds: create, retrieve, list) with Stripe's form
 * encoding, idempotency keys and error shape, and lets a test complete or expire a session as the
 * hosted page would (a completed session gets a PaymentIntent `pi_…` and a charge `ch_…`), steer
 * refunds (failed, pending then settled, held while a webhook races the answer, made in the
 * dashboard) and build the signed webhook events Stripe would send about them.
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
  /** Stripe's PaymentIntent (`pi_…`), set when the session completes (null before, as Stripe's). */
  payment_intent: string | null;
}

/** A PaymentIntent the fake made when a session completed, with its one charge. */
export interface FakePaymentIntent {
  id: string;
  charge: string;
  amount: number;
  currency: string;
  sessionId: string;
  /** Whether the charge succeeded (a delayed method completes unpaid first). */
  paid: boolean;
  metadata: Record<string, string>;
}

export type FakeRefundStatus = 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';

/** Stripe's refund object, as the fake answers and its webhook events carry it. */
export interface FakeRefund extends Json {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: FakeRefundStatus;
  failure_reason: string | null;
  metadata: Record<string, string>;
  reason: string | null;
  created: number;
}

/** What the next refund request does instead of succeeding. */
export type RefundOutcome =
  | { status: 'succeeded' }
  | { status: 'pending' }
  /** The refund object is created and answered with status failed (Stripe: failure_reason). */
  | { status: 'failed'; failureReason?: string }
  /** The request is refused with an error in Stripe's shape (no refund object). */
  | { status: 'error'; httpStatus: number; message: string; code?: string; type?: string };

/** A refund whose answer is held back (the refund exists at the fake already): see holdNextRefund. */
export interface HeldRefund {
  /** Resolves with the refund once the fake has made it (before the SDK gets its answer). */
  created: Promise<FakeRefund>;
  /** Lets the fake answer the held request. */
  release(): void;
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
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** The next N session creations are refused with a 400 invalid_request_error. */
  failNextSessionCreates(n: number): void;
  /**
   * Completes a session as the hosted page would (whatever its state: tests force a payment that
   * completes after a cancel); the first completion makes its PaymentIntent and charge.
   */
  complete(sessionId: string, paymentStatus?: FakeSession['payment_status']): FakeSession;
  expire(sessionId: string): FakeSession;
  /** What the next refund requests do, in order (then they succeed again). */
  nextRefunds(...outcomes: RefundOutcome[]): void;
  /** The next refund request is made at once but answered only on release() (a webhook can race it). */
  holdNextRefund(): HeldRefund;
  /** A pending refund settles later (Stripe's refund.updated / refund.failed follow). */
  settleRefund(refundId: string, status: 'succeeded' | 'failed' | 'canceled', failureReason?: string): FakeRefund;
  /** A refund made by hand in Stripe's dashboard: no metadata, no idempotency key (all that is left unless `amount`). */
  refundInDashboard(paymentIntent: string, amount?: number, status?: 'succeeded' | 'pending'): FakeRefund;
  /** Refund objects of one PaymentIntent, oldest first. */
  refundsOf(paymentIntent: string): FakeRefund[];
  /** Stripe's charge object for a PaymentIntent, with amount_refunded and its refunds, as charge.refunded carries it. */
  chargeOf(paymentIntent: string, options?: { expandRefunds?: boolean }): Json;
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
  /** payment_intent_data.metadata of each session, for the PaymentIntent its completion makes. */
  const intentMetadata = new Map<string, Record<string, string>>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const idempotent = new Map<string, { status: number; body: Json; params: string }>();
  const requests: RecordedRequest[] = [];
  let failCreates = 0;
  const refundOutcomes: RefundOutcome[] = [];
  let held: { created: (refund: FakeRefund) => void; released: Promise<void> } | undefined;

  const answer = (res: http.ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const error = (status: number, message: string, extra: Json = {}) => ({
    status,
    body: { error: { type: 'invalid_request_error', message, ...extra } },
  });
  const now = () => Math.floor(Date.now() / 1000);
  const refundsOf = (paymentIntent: string) => [...refunds.values()].filter((r) => r.payment_intent === paymentIntent);
  /** What a charge has given back: succeeded and still-pending refunds (a failed one gave its amount back to the balance). */
  const refundedOf = (paymentIntent: string) =>
    refundsOf(paymentIntent)
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  function makeRefund(intent: FakePaymentIntent, amount: number, status: FakeRefundStatus, metadata: Record<string, string>, reason: string | null, failureReason?: string): FakeRefund {
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.charge,
      status,
      failure_reason: status === 'failed' || status === 'canceled' ? (failureReason ?? 'declined') : null,
      metadata,
      reason,
      created: now(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  type Result = { status: number; body: Json; hold?: Promise<void> };

  function createRefund(body: Json): Result {
    const outcome = refundOutcomes.shift() ?? { status: 'succeeded' };
    if (outcome.status === 'error') {
      return {
        status: outcome.httpStatus,
        body: { error: { type: outcome.type ?? (outcome.httpStatus === 402 ? 'card_error' : outcome.httpStatus >= 500 ? 'api_error' : 'invalid_request_error'), code: outcome.code, message: outcome.message } },
      };
    }
    const piId = body.payment_intent as string | undefined;
    const chargeId = body.charge as string | undefined;
    const intent = piId ? paymentIntents.get(piId) : [...paymentIntents.values()].find((pi) => pi.charge === chargeId);
    if (!piId && !chargeId) return error(400, 'One of the following params should be provided for this request: payment_intent or charge.');
    if (!intent) {
      return piId
        ? error(400, `No such payment_intent: '${piId}'`, { code: 'resource_missing', param: 'payment_intent' })
        : error(400, `No such charge: '${chargeId}'`, { code: 'resource_missing', param: 'charge' });
    }
    if (!intent.paid) return error(400, `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const left = intent.amount - refundedOf(intent.id);
    if (left <= 0) return error(400, `Charge ${intent.charge} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return error(400, 'Invalid positive integer', { param: 'amount' });
    if (amount > left) {
      return error(400, `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refund = makeRefund(
      intent,
      amount,
      outcome.status,
      (body.metadata as Record<string, string>) ?? {},
      (body.reason as string) ?? null,
      outcome.status === 'failed' ? outcome.failureReason : undefined,
    );
    const hold = held;
    held = undefined;
    hold?.created(refund);
    return { status: 200, body: refund, hold: hold?.released };
  }

  function route(method: string, path: string, body: Json): Result {
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
        payment_intent: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at),
      };
      sessions.set(sessionId, session);
      intentMetadata.set(sessionId, ((body.payment_intent_data as Json | undefined)?.metadata as Record<string, string>) ?? {});
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
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = body.payment_intent ? paymentIntents.get(String(body.payment_intent)) : undefined;
      const list = [...refunds.values()]
        .filter((r) => (!body.payment_intent || r.payment_intent === body.payment_intent) && (!body.charge || r.charge === body.charge))
        .reverse();
      if (body.payment_intent && !intent) return error(400, `No such payment_intent: '${String(body.payment_intent)}'`, { code: 'resource_missing', param: 'payment_intent' });
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data: list } };
    }
    const oneRefund = /^\/v1\/refunds\/([\w-]+)$/.exec(path);
    if (method === 'GET' && oneRefund) {
      const refund = refunds.get(oneRefund[1]!);
      return refund ? { status: 200, body: refund } : error(404, `No such refund: '${oneRefund[1]}'`, { code: 'resource_missing', param: 'id' });
    }
    const oneIntent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && oneIntent) {
      const intent = paymentIntents.get(oneIntent[1]!);
      return intent ? { status: 200, body: intentJson(intent) } : error(404, `No such payment_intent: '${oneIntent[1]}'`, { code: 'resource_missing', param: 'intent' });
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const intentJson = (intent: FakePaymentIntent): Json => ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.paid ? intent.amount : 0,
    currency: intent.currency,
    latest_charge: intent.charge,
    metadata: intent.metadata,
    status: intent.paid ? 'succeeded' : 'processing',
  });

  function chargeJson(paymentIntent: string, options: { expandRefunds?: boolean } = {}): Json {
    const intent = paymentIntents.get(paymentIntent);
    if (!intent) throw new Error(`fake Stripe has no payment intent ${paymentIntent}`);
    const refunded = refundedOf(intent.id);
    const list = refundsOf(intent.id).reverse();
    return {
      id: intent.charge,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: refunded,
      currency: intent.currency,
      paid: intent.paid,
      status: intent.paid ? 'succeeded' : 'pending',
      payment_intent: intent.id,
      metadata: intent.metadata,
      refunded: refunded >= intent.amount,
      created: now(),
      // Since API version 2022-11-15 a charge's refunds are no longer included unless expanded.
      ...(options.expandRefunds === false
        ? {}
        : { refunds: { object: 'list', url: `/v1/charges/${intent.charge}/refunds`, has_more: false, total_count: list.length, data: list } }),
    };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      void (async () => {
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
          // As Stripe: a key reused with other parameters is an error, not a replay.
          if (url.pathname === '/v1/refunds' && cached.params !== raw) {
            return answer(res, 400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            });
          }
          return answer(res, cached.status, cached.body);
        }
        let result: Result;
        try {
          result = route(method, url.pathname, body);
        } catch (err) {
          result = error((err as { status?: number }).status ?? 500, (err as Error).message);
        }
        // Cached as soon as it is made: a concurrent request with the same key replays it.
        if (cacheKey && result.status < 500) idempotent.set(cacheKey, { status: result.status, body: result.body, params: raw });
        if (result.hold) await result.hold;
        answer(res, result.status, result.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mustGet = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
    return session;
  };
  const mustIntent = (paymentIntent: string) => {
    const intent = paymentIntents.get(paymentIntent);
    if (!intent) throw new Error(`fake Stripe has no payment intent ${paymentIntent}`);
    return intent;
  };
  return {
    port,
    apiKey,
    sessions,
    requests,
    paymentIntents,
    refunds,
    failNextSessionCreates: (n) => {
      failCreates = n;
    },
    complete: (sessionId, paymentStatus = 'paid') => {
      const session = mustGet(sessionId);
      const paid = paymentStatus !== 'unpaid';
      if (!session.payment_intent) {
        const intent: FakePaymentIntent = {
          id: id('pi'),
          charge: id('ch'),
          amount: session.amount_total,
          currency: session.currency,
          sessionId,
          paid,
          metadata: intentMetadata.get(sessionId) ?? {},
        };
        paymentIntents.set(intent.id, intent);
        session.payment_intent = intent.id;
      } else {
        mustIntent(session.payment_intent).paid = paid;
      }
      return Object.assign(session, { status: 'complete', payment_status: paymentStatus });
    },
    expire: (sessionId) => Object.assign(mustGet(sessionId), { status: 'expired' }),
    nextRefunds: (...outcomes) => {
      refundOutcomes.push(...outcomes);
    },
    holdNextRefund: () => {
      let release!: () => void;
      let created!: (refund: FakeRefund) => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const made = new Promise<FakeRefund>((resolve) => (created = resolve));
      held = { created, released };
      return { created: made, release };
    },
    settleRefund: (refundId, status, failureReason) => {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake Stripe has no refund ${refundId}`);
      refund.status = status;
      refund.failure_reason = status === 'succeeded' ? null : (failureReason ?? 'declined');
      return refund;
    },
    refundInDashboard: (paymentIntent, amount, status = 'succeeded') => {
      const intent = mustIntent(paymentIntent);
      const left = intent.amount - refundedOf(intent.id);
      const cents = amount ?? left;
      if (cents <= 0 || cents > left) throw new Error(`fake Stripe: ${cents} is more than the ${left} left on ${paymentIntent}`);
      return makeRefund(intent, cents, status, {}, 'requested_by_customer');
    },
    refundsOf: (paymentIntent) => refundsOf(paymentIntent),
    chargeOf: (paymentIntent, options) => chargeJson(paymentIntent, options),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let eventCounter = 0;
// Only for signing test events, exactly as Stripe signs them.
const signer = new Stripe('sk_test_signer');

/** A Stripe event around `object`, as Stripe sends it to /api/payments/webhook, and its Stripe-Signature header. */
export function signedStripeEvent(
  type: string,
  object: Json,
  secret: string,
  extra: { previousAttributes?: Json; id?: string } = {},
): { id: string; payload: string; signature: string } {
  const eventId = extra.id ?? `evt_test_${++eventCounter}_${Date.now()}`;
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object, ...(extra.previousAttributes ? { previous_attributes: extra.previousAttributes } : {}) },
  });
  return { id: eventId, payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** refund.created / refund.updated / refund.failed for a refund of the fake (its current state). */
export const refundEvent = (type: 'refund.created' | 'refund.updated' | 'refund.failed', refund: FakeRefund, secret: string) =>
  signedStripeEvent(type, { ...refund, metadata: { ...refund.metadata } }, secret);

/** charge.refunded for a PaymentIntent of the fake: its charge with amount_refunded and (unless told not to) its refunds. */
export const chargeRefundedEvent = (fake: FakeStripe, paymentIntent: string, secret: string, options: { expandRefunds?: boolean } = {}) =>
  signedStripeEvent('charge.refunded', fake.chargeOf(paymentIntent, options), secret);
