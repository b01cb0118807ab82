import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { TEST_CARDS, findTestCard, testCardChargeOutcome } from '@lbs/domain/test-cards';

/**
 * A small Stripe-compatible HTTP server for tests: the real `stripe` SDK talks to it through
 * STRIPE_API_HOST / _PORT / _PROTOCOL. It implements what the shop calls (coupons, Checkout
 * sessions: create, retrieve and expire; refunds: create, retrieve, list) with Stripe's form
 * encoding, idempotency keys and error shape, and lets a test complete or expire a session as the
 * hosted page would (a completed session gets a PaymentIntent `pi_…` and a charge `ch_…`), steer
 * refunds (failed, pending then settled, held while a webhook races the answer, made in the
 * dashboard) and build the signed webhook events Stripe would send about them.
 *
 * Saved cards (decision 0022): Customers, PaymentMethods (`pm_…`, attached by a completed session
 * that saves the card: payment mode with setup_future_usage, or setup mode through its
 * SetupIntent), off-session PaymentIntents that answer by the card's Stripe test number as Stripe's
 * test mode does (4242… succeeds, …0341 declines off session, …3184 asks for authentication, in
 * Stripe's StripeCardError shape), their retrieval and cancel, and `confirmOnSession`, what
 * Stripe.js does when the holder completes a charge on session.
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

/** A PaymentIntent the fake made (a session completed, or an off-session charge), with its one charge. */
export interface FakePaymentIntent {
  id: string;
  charge: string;
  amount: number;
  currency: string;
  /** The Checkout session that made it; null for a PaymentIntent created through the API. */
  sessionId: string | null;
  /** Whether the charge succeeded (a delayed method completes unpaid first). */
  paid: boolean;
  metadata: Record<string, string>;
  customer?: string | null;
  paymentMethod?: string | null;
  /** Stripe's status when it is not simply paid / processing (an off-session charge's answer). */
  status?: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'canceled' | 'succeeded' | 'processing';
  lastError?: Json | null;
  offSession?: boolean;
}

/** A saved card: Stripe's PaymentMethod, with the test number that decides how its charges answer. */
export interface FakePaymentMethod {
  id: string;
  number: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  customer: string | null;
}

export interface FakeSetupIntent {
  id: string;
  customer: string | null;
  paymentMethod: string | null;
  status: 'requires_payment_method' | 'succeeded';
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
  customers: Map<string, Json>;
  paymentMethods: Map<string, FakePaymentMethod>;
  setupIntents: Map<string, FakeSetupIntent>;
  /**
   * Completes a session paying (or, in setup mode, saving) with the card of this Stripe test
   * number (4242… unless told): a session that saves the card attaches a new `pm_…` to its Customer.
   */
  completeWithCard(sessionId: string, cardNumber?: string): FakeSession;
  /**
   * What Stripe.js's confirmCardPayment does for a PaymentIntent that needs its holder (requires
   * action or confirmation): it succeeds with a charge, or (authenticated: false) fails back to
   * requires_payment_method.
   */
  confirmOnSession(paymentIntent: string, options?: { authenticated?: boolean }): Json;
  /** Stripe's payment_intent object, as the API answers and its events carry it. */
  intentJson(paymentIntent: string): Json;
  /** Stripe's setup_intent object. */
  setupIntentJson(setupIntent: string): Json;
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

/** The brands of Stripe's test numbers the fake takes (as packages/domain/src/test-cards.ts lists them). */
const TEST_CARD_BRANDS: Record<string, string> = Object.fromEntries(TEST_CARDS.map((card) => [card.number, card.brand]));

/** How a charge on a test number answers, on session (the holder present) or off session. */
function cardOutcome(number: string, onSession: boolean): 'succeeded' | 'requires_action' | 'card_declined' | 'insufficient_funds' {
  const card = findTestCard(number);
  if (!card) return 'card_declined';
  const outcome = testCardChargeOutcome(card.behaviour, onSession);
  return typeof outcome === 'string' ? outcome : outcome.declined;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

export async function startFakeStripe(apiKey = 'sk_test_fake'): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, Json>();
  /** payment_intent_data.metadata of each session, for the PaymentIntent its completion makes. */
  const intentMetadata = new Map<string, Record<string, string>>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const customers = new Map<string, Json>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  /** What each session was created with that its completion needs (customer, saving the card). */
  const sessionSetup = new Map<string, { customer: string | null; saveCard: boolean; setupMetadata: Record<string, string> }>();
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
      if (body.customer && body.customer_email) return error(400, 'You may only specify one of these parameters: customer, customer_email.');
      if (body.customer && !customers.has(String(body.customer))) return error(400, `No such customer: '${String(body.customer)}'`, { code: 'resource_missing', param: 'customer' });
      if (body.mode === 'setup' && !body.customer) return error(400, 'A Customer is needed to save a card in setup mode (this shop always passes one).');
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
        customer: (body.customer as string) ?? null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        payment_intent: null,
        setup_intent: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at),
      };
      sessions.set(sessionId, session);
      intentMetadata.set(sessionId, ((body.payment_intent_data as Json | undefined)?.metadata as Record<string, string>) ?? {});
      sessionSetup.set(sessionId, {
        customer: (body.customer as string) ?? null,
        saveCard: body.mode === 'setup' || (body.payment_intent_data as Json | undefined)?.setup_future_usage === 'off_session',
        setupMetadata: ((body.setup_intent_data as Json | undefined)?.metadata as Record<string, string>) ?? {},
      });
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
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(body);
    const cancelIntent = /^\/v1\/payment_intents\/([\w-]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancelIntent) {
      const intent = paymentIntents.get(cancelIntent[1]!);
      if (!intent) return error(404, `No such payment_intent: '${cancelIntent[1]}'`, { code: 'resource_missing', param: 'intent' });
      const status = statusOf(intent);
      if (status === 'succeeded' || status === 'canceled' || status === 'processing') {
        return error(400, `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`, {
          code: 'payment_intent_unexpected_state',
          payment_intent: intentJson(intent),
        });
      }
      intent.status = 'canceled';
      return { status: 200, body: intentJson(intent) };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {}, created: now() };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const oneCustomer = /^\/v1\/customers\/([\w-]+)$/.exec(path);
    if (method === 'GET' && oneCustomer) {
      const customer = customers.get(oneCustomer[1]!);
      return customer ? { status: 200, body: customer } : error(404, `No such customer: '${oneCustomer[1]}'`, { code: 'resource_missing', param: 'id' });
    }
    const onePm = /^\/v1\/payment_methods\/([\w-]+)$/.exec(path);
    if (method === 'GET' && onePm) {
      const pm = paymentMethods.get(onePm[1]!);
      return pm ? { status: 200, body: pmJson(pm) } : error(404, `No such PaymentMethod: '${onePm[1]}'`, { code: 'resource_missing', param: 'payment_method' });
    }
    const detach = /^\/v1\/payment_methods\/([\w-]+)\/detach$/.exec(path);
    if (method === 'POST' && detach) {
      const pm = paymentMethods.get(detach[1]!);
      if (!pm) return error(404, `No such PaymentMethod: '${detach[1]}'`, { code: 'resource_missing', param: 'payment_method' });
      if (!pm.customer) return error(400, 'The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' });
      pm.customer = null;
      return { status: 200, body: pmJson(pm) };
    }
    const oneSetup = /^\/v1\/setup_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && oneSetup) {
      return setupIntents.has(oneSetup[1]!) ? { status: 200, body: setupJson(oneSetup[1]!) } : error(404, `No such setupintent: '${oneSetup[1]}'`, { code: 'resource_missing', param: 'intent' });
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const statusOf = (intent: FakePaymentIntent) => intent.status ?? (intent.paid ? 'succeeded' : 'processing');
  const intentJson = (intent: FakePaymentIntent): Json => {
    const status = statusOf(intent);
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: intent.paid ? intent.amount : 0,
      currency: intent.currency,
      client_secret: `${intent.id}_secret_fake`,
      customer: intent.customer ?? null,
      payment_method: intent.paymentMethod ?? null,
      latest_charge: intent.paid || status === 'processing' || intent.lastError ? intent.charge : null,
      last_payment_error: intent.lastError ?? null,
      metadata: intent.metadata,
      status,
      next_action: status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
      created: now(),
      livemode: false,
    };
  };
  const pmJson = (pm: FakePaymentMethod): Json => ({
    id: pm.id,
    object: 'payment_method',
    type: 'card',
    customer: pm.customer,
    card: { brand: pm.brand.toLowerCase(), last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear, funding: 'credit', country: 'US' },
    billing_details: {},
    metadata: {},
    created: now(),
    livemode: false,
  });
  const setupJson = (setupId: string): Json => {
    const seti = setupIntents.get(setupId)!;
    return {
      id: seti.id,
      object: 'setup_intent',
      customer: seti.customer,
      payment_method: seti.paymentMethod,
      status: seti.status,
      usage: 'off_session',
      metadata: seti.metadata,
      created: now(),
      livemode: false,
    };
  };

  /** A card saved to a Customer, answering as its Stripe test number does. */
  function savePaymentMethod(number: string, customer: string | null): FakePaymentMethod {
    const card = TEST_CARD_BRANDS[number];
    if (!card) throw new Error(`fake Stripe: ${number} is not one of Stripe's test numbers it knows`);
    const pm: FakePaymentMethod = { id: id('pm'), number, brand: card, last4: number.slice(-4), expMonth: 12, expYear: new Date().getUTCFullYear() + 3, customer };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  /**
   * POST /v1/payment_intents. Confirmed off session, the card's test number decides: a success
   * charges it; a decline or a needed authentication answers 402 with Stripe's card_error, the
   * PaymentIntent in it (status requires_payment_method or requires_action). Unconfirmed, it waits
   * for confirmOnSession (requires_confirmation).
   */
  function createIntent(body: Json): Result {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0) return error(400, 'Invalid positive integer', { param: 'amount' });
    const pmId = body.payment_method as string | undefined;
    const pm = pmId ? paymentMethods.get(pmId) : undefined;
    if (pmId && !pm) return error(400, `No such PaymentMethod: '${pmId}'`, { code: 'resource_missing', param: 'payment_method' });
    if (pm && body.customer && pm.customer !== body.customer) {
      return error(400, `The provided PaymentMethod ${pm.id} was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`, { param: 'payment_method' });
    }
    const intent: FakePaymentIntent = {
      id: id('pi'),
      charge: id('ch'),
      amount,
      currency: String(body.currency ?? 'usd'),
      sessionId: null,
      paid: false,
      metadata: (body.metadata as Record<string, string>) ?? {},
      customer: (body.customer as string) ?? null,
      paymentMethod: pm?.id ?? null,
      status: 'requires_confirmation',
      offSession: body.off_session === 'true',
    };
    paymentIntents.set(intent.id, intent);
    if (body.confirm !== 'true') {
      if (!pm) intent.status = 'requires_payment_method';
      return { status: 200, body: intentJson(intent) };
    }
    if (!pm) return error(400, 'You must provide a payment_method to confirm this PaymentIntent.', { param: 'payment_method' });
    const outcome = cardOutcome(pm.number, !intent.offSession);
    if (outcome === 'succeeded') {
      Object.assign(intent, { paid: true, status: 'succeeded' });
      return { status: 200, body: intentJson(intent) };
    }
    const code = outcome === 'requires_action' ? 'authentication_required' : 'card_declined';
    const declineCode = outcome === 'requires_action' ? 'authentication_required' : outcome;
    const message = outcome === 'requires_action' ? 'Your card was declined. This transaction requires authentication.' : outcome === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
    intent.status = outcome === 'requires_action' ? 'requires_action' : 'requires_payment_method';
    intent.lastError = { type: 'card_error', code, decline_code: declineCode, message, payment_method: pmJson(pm) };
    return {
      status: 402,
      body: { error: { type: 'card_error', code, decline_code: declineCode, message, charge: intent.charge, payment_intent: intentJson(intent), payment_method: pmJson(pm) } },
    };
  }

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
  /**
   * A session completed as the hosted page would: payment mode makes its PaymentIntent and charge
   * (the first completion), setup mode its SetupIntent; one that saves the card (setup mode, or
   * setup_future_usage with a Customer) attaches a new PaymentMethod of `cardNumber` to the Customer.
   */
  function completeSession(sessionId: string, paymentStatus: FakeSession['payment_status'], cardNumber = '4242424242424242'): FakeSession {
    const session = mustGet(sessionId);
    const setup = sessionSetup.get(sessionId) ?? { customer: null, saveCard: false, setupMetadata: {} };
    if (session.mode === 'setup') {
      if (!session.setup_intent) {
        const pm = savePaymentMethod(cardNumber, setup.customer);
        const seti: FakeSetupIntent = { id: id('seti'), customer: setup.customer, paymentMethod: pm.id, status: 'succeeded', metadata: setup.setupMetadata };
        setupIntents.set(seti.id, seti);
        session.setup_intent = seti.id;
      }
      return Object.assign(session, { status: 'complete', payment_status: 'no_payment_required' });
    }
    const paid = paymentStatus !== 'unpaid';
    if (paid && cardOutcome(cardNumber, true) !== 'succeeded') throw new Error(`fake Stripe: the hosted page would not take ${cardNumber}`);
    if (!session.payment_intent) {
      const pm = savePaymentMethod(cardNumber, setup.saveCard ? setup.customer : null);
      const intent: FakePaymentIntent = {
        id: id('pi'),
        charge: id('ch'),
        amount: session.amount_total,
        currency: session.currency,
        sessionId,
        paid,
        metadata: intentMetadata.get(sessionId) ?? {},
        customer: setup.customer,
        paymentMethod: pm.id,
      };
      paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
    } else {
      mustIntent(session.payment_intent).paid = paid;
    }
    return Object.assign(session, { status: 'complete', payment_status: paymentStatus });
  }

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
    customers,
    paymentMethods,
    setupIntents,
    completeWithCard: (sessionId, cardNumber) => completeSession(sessionId, 'paid', cardNumber),
    confirmOnSession: (paymentIntent, options = {}) => {
      const intent = mustIntent(paymentIntent);
      const status = statusOf(intent);
      if (status !== 'requires_action' && status !== 'requires_confirmation') throw new Error(`fake Stripe: ${paymentIntent} is ${status}, nothing to confirm`);
      if (options.authenticated === false) {
        Object.assign(intent, { status: 'requires_payment_method', lastError: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' } });
      } else {
        Object.assign(intent, { status: 'succeeded', paid: true, lastError: null });
      }
      return intentJson(intent);
    },
    intentJson: (paymentIntent) => intentJson(mustIntent(paymentIntent)),
    setupIntentJson: (setupIntent) => {
      if (!setupIntents.has(setupIntent)) throw new Error(`fake Stripe has no setup intent ${setupIntent}`);
      return setupJson(setupIntent);
    },
    complete: (sessionId, paymentStatus = 'paid') => completeSession(sessionId, paymentStatus),
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

/** payment_intent.succeeded / .payment_failed / .requires_action for a PaymentIntent of the fake (its current state). */
export const paymentIntentEvent = (
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.requires_action' | 'payment_intent.canceled',
  fake: FakeStripe,
  paymentIntent: string,
  secret: string,
) => signedStripeEvent(type, fake.intentJson(paymentIntent), secret);

/** setup_intent.succeeded for a SetupIntent of the fake. */
export const setupIntentEvent = (fake: FakeStripe, setupIntent: string, secret: string) =>
  signedStripeEvent('setup_intent.succeeded', fake.setupIntentJson(setupIntent), secret);

/** checkout.session.completed for a session of the fake (its current state). */
export const sessionCompletedEvent = (fake: FakeStripe, sessionId: string, secret: string) =>
  signedStripeEvent('checkout.session.completed', { ...fake.sessions.get(sessionId)! }, secret);
