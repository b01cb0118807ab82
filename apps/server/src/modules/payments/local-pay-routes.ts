// The dev-only local payment provider's pages, beside routes.ts: registered only outside production.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { safeString } from '@lbs/domain/schemas';
import { DEFAULT_TEST_CARD, findTestCard, testCardChargeOutcome, type TestCard } from '@lbs/domain/test-cards';
import type { AppContext } from '../../app-context';
import { orderLines, orders } from '../../db/schema';
import { readCardSetup } from './card-setup-token';
import { cardSetupSubject, completeCardSetup } from './complete-card-setup';
import { findLocalSession, localSessionExpired, type LocalSession } from './local-provider';
import { cancelLocalSession, cardKeeperOf, isRenewalSession, payLocalSession } from './pay-local-session';
import { escapeHtml } from '../../lib/escape-html';
import { PAYMENT_METHOD_PAGE } from '../payment-methods/payment-method-page';

const ZSessionParams = z.object({ session: z.string().regex(/^lps_[A-Za-z0-9_-]{20,100}$/, { error: 'not a payment session' }) });
const ZSetupParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{10,800}\.[A-Za-z0-9_-]{43}$/, { error: 'not a card setup link' }) });
/** The card form: absent on a post made without the page (then the default test card pays, as before cards). */
const ZCardForm = z.object({ card_number: safeString().max(64).optional(), result: z.enum(['complete', 'fail']).optional() });

export const CARD_MSG = {
  notATestCard:
    'This test page accepts only Stripe’s test card numbers, such as 4242 4242 4242 4242. It never takes a real card.',
  declined: 'Your card was declined. Try another card.',
  insufficientFunds: 'Your card was declined for insufficient funds. Try another card.',
  authenticationFailed: 'Authentication failed, so your card was not charged. Try again or use another card.',
} as const;

/** The test numbers and how each answers, for the hint under the card field. */
const CARD_HINT =
  'Test mode: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0341 is saved but declines later; ' +
  '4000 0027 6000 3184 asks for authentication; 4000 0000 0000 0002 is declined.';

function page(reply: FastifyReply, status: number, title: string, body: string) {
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · LentiBooth test payment</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#eef2ff;color:#1e1b4b}
main{max-width:28rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border-radius:1rem;box-shadow:0 10px 30px rgba(49,46,129,.12);padding:1.75rem}
.badge{display:inline-block;background:#fef3c7;color:#92400e;font-size:.75rem;font-weight:600;border-radius:999px;padding:.25rem .75rem}
h1{font-size:1.35rem;margin:.75rem 0 .25rem}p{color:#475569;line-height:1.5}
table{width:100%;border-collapse:collapse;margin:1rem 0;font-size:.95rem}td{padding:.45rem 0;border-bottom:1px solid #e2e8f0}td:last-child{text-align:right}
.sub td{border-top:2px solid #cbd5e1}
.total td{font-weight:700;border-bottom:0;font-size:1.05rem}
.actions{display:flex;flex-direction:column;gap:.6rem;margin-top:1.25rem}
label{display:block;font-weight:600;margin:1rem 0 .35rem}
input[type=text]{box-sizing:border-box;width:100%;font:inherit;font-size:1.05rem;letter-spacing:.05em;padding:.7rem .8rem;border:1px solid #64748b;border-radius:.6rem;color:#1e1b4b;background:#fff}
input[aria-invalid=true]{border:2px solid #b91c1c}
.hint{font-size:.85rem;color:#475569;margin:.4rem 0 0}
.error{color:#991b1b;background:#fef2f2;border:1px solid #fecaca;border-radius:.6rem;padding:.6rem .8rem;font-weight:600}
.note{font-size:.9rem;color:#334155;background:#f1f5f9;border-radius:.6rem;padding:.6rem .8rem}
button,a.button{font:inherit;font-weight:600;border-radius:.6rem;padding:.8rem 1rem;cursor:pointer;text-align:center;text-decoration:none;width:100%;box-sizing:border-box}
.pay{background:#4f46e5;color:#fff;border:0}.pay:hover{background:#4338ca}
.cancel{background:#fff;color:#4338ca;border:1px solid #4f46e5}.cancel:hover{background:#eef2ff}
:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

/**
 * The card number field: labelled, with the test numbers as its hint and, after a refusal, the
 * reason (announced, and the field focused). A number that is not a test card is never shown back.
 */
function cardField(opts: { value?: string; error?: string }) {
  const error = opts.error ? `<p class="error" id="card-error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  const described = opts.error ? 'card-error card-hint' : 'card-hint';
  return `${error}<label for="card_number">Card number</label>
<input type="text" id="card_number" name="card_number" value="${escapeHtml(opts.value ?? DEFAULT_TEST_CARD)}" inputmode="numeric" autocomplete="cc-number" maxlength="23" required aria-describedby="${described}"${opts.error ? ' aria-invalid="true" autofocus' : ''}>
<p class="hint" id="card-hint">${escapeHtml(CARD_HINT)}</p>`;
}

/** The authentication step a card like 4000 0027 6000 3184 asks for, as Stripe's test page shows it. */
function authenticationPage(reply: FastifyReply, action: string, card: TestCard, what: string) {
  const hidden = `<input type="hidden" name="card_number" value="${escapeHtml(card.number)}">`;
  return page(
    reply,
    200,
    'Authenticate',
    `<span class="badge">Test mode · no card is charged</span>
<h1 tabindex="-1" autofocus>Authenticate this ${escapeHtml(what)}</h1>
<p>Your bank asks you to confirm it with the ${escapeHtml(card.brand)} card ending ${escapeHtml(card.number.slice(-4))}. On this test page you choose how it ends.</p>
<div class="actions">
<form method="post" action="${action}">${hidden}<input type="hidden" name="result" value="complete"><button class="pay" type="submit">Complete authentication</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="result" value="fail"><button class="cancel" type="submit">Fail authentication</button></form>
</div>`,
  );
}

/** The card typed on a form: a test card, or the reason it is refused. An absent field is the default card. */
function typedCard(form: { card_number?: string }): TestCard | undefined {
  return findTestCard(form.card_number ?? DEFAULT_TEST_CARD);
}

const declineMessage = (outcome: 'card_declined' | 'insufficient_funds') =>
  outcome === 'insufficient_funds' ? CARD_MSG.insufficientFunds : CARD_MSG.declined;

/**
 * The embedded payment provider's hosted pages (DESIGN §3, §6.3): the pay page, which takes a test
 * card and runs the same fulfilment as a Stripe webhook, and the card-setup page, which saves a card
 * for automatic renewal without a charge. Registered only outside production.
 */
export async function localPayRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  // As Stripe's success_url does: the page asks for this session's order.
  const successOf = (session: string) => `/checkout/success?session_id=${encodeURIComponent(session)}`;
  const backToCart = '/shipping';
  const account = '/accounts/overview';
  /** Where Settings shows the saved card (a setup link without a licence goes back there). */
  const settingsPage = PAYMENT_METHOD_PAGE;

  /** The pay page of an open session: its lines, the card field and, after a refusal, why. */
  async function payPage(reply: FastifyReply, session: LocalSession, status: number, card: { value?: string; error?: string } = {}) {
    const [lines, [order], keeper] = await Promise.all([
      ctx.db.select().from(orderLines).where(eq(orderLines.orderId, session.orderId)).orderBy(asc(orderLines.id)),
      ctx.db.select().from(orders).where(eq(orders.id, session.orderId)),
      cardKeeperOf(ctx.db, session.orderId),
    ]);
    const amount = formatUsd(fromCents(session.amountCents));
    const row = (label: string, cents: number, cls = '') => `<tr${cls ? ` class="${cls}"` : ''}><td>${escapeHtml(label)}</td><td>${formatUsd(fromCents(cents))}</td></tr>`;
    // The lines add up to the amount due: the items, then shipping and the discount when there are any.
    const rows = [
      ...lines.map((l) => row(`${l.name} × ${l.quantity}`, l.lineTotalCents)),
      ...(order && (order.shippingCents > 0 || order.discountCents > 0) ? [row('Subtotal', order.subtotalCents, 'sub')] : []),
      ...(order && order.shippingCents > 0 ? [row('Shipping', order.shippingCents)] : []),
      ...(order && order.discountCents > 0 ? [row(`Discount${order.promoCode ? ` (${order.promoCode})` : ''}`, -order.discountCents)] : []),
    ].join('');
    const action = `/dev/pay/${encodeURIComponent(session.id)}`;
    const saved = keeper !== null ? '<p class="note">This card is saved for your automatic renewals; you can turn them off at any time under Licences in your account.</p>' : '';
    return page(
      reply,
      status,
      'Pay',
      `<span class="badge">Test mode · no card is charged</span>
<h1>Pay LentiBooth</h1><p>Order #${session.orderId}. This local test provider stands in for the card payment page.</p>
<table><tbody>${rows}<tr class="total"><td>Amount due</td><td>${amount} ${escapeHtml(session.currency.toUpperCase())}</td></tr></tbody></table>
<form method="post" action="${action}/pay" id="pay-form">${cardField(card)}${saved}</form>
<div class="actions">
<button class="pay" type="submit" form="pay-form">Pay ${amount}</button>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`,
    );
  }

  /** The page a session that cannot be paid shows: paid, ended or unknown; undefined when it is open. */
  async function closedSession(reply: FastifyReply, id: string) {
    const session = await findLocalSession(ctx.db, id);
    if (!session) return { html: page(reply, 404, 'Not found', '<h1>Payment session not found</h1><p>This link does not belong to a payment.</p>') };
    if (session.status === 'paid') {
      return { html: page(reply, 200, 'Paid', `<span class="badge">Test mode</span><h1>This payment is complete</h1><p>Nothing more to do.</p><div class="actions"><a class="button pay" href="${successOf(session.id)}">Continue</a></div>`) };
    }
    if (session.status !== 'open' || localSessionExpired(session, new Date())) {
      return { html: page(reply, 410, 'Ended', `<span class="badge">Test mode</span><h1>This payment session has ended</h1><p>It was cancelled or has expired. Your cart is still saved, so you can check out again.</p><div class="actions"><a class="button pay" href="${backToCart}">Back to checkout</a></div>`) };
    }
    return { session };
  }

  r.get('/dev/pay/:session', { schema: { params: ZSessionParams, hide: true } }, async (req, reply) => {
    const found = await closedSession(reply, req.params.session);
    return found.session ? payPage(reply, found.session, 200) : found.html;
  });

  /** Pay, and the authentication step's answer: both charge the typed card through payLocalSession. */
  async function pay(id: string, form: z.infer<typeof ZCardForm>, reply: FastifyReply, authenticated: boolean) {
    const card = typedCard(form);
    const found = await closedSession(reply, id);
    if (!card) return found.session ? payPage(reply, found.session, 400, { value: '', error: CARD_MSG.notATestCard }) : found.html;
    if (authenticated && form.result === 'fail') {
      return found.session ? payPage(reply, found.session, 402, { value: card.number, error: CARD_MSG.authenticationFailed }) : found.html;
    }
    const outcome = await payLocalSession(ctx, id, card, { authenticated });
    if (outcome === 'paid') {
      // A renewal paid now has no checkout to succeed: the account shows the licence's new end.
      return reply.redirect(found.session && (await isRenewalSession(ctx.db, found.session.orderId)) ? account : successOf(id), 303);
    }
    if (outcome === 'requires_action') return authenticationPage(reply, `/dev/pay/${encodeURIComponent(id)}/authenticate`, card, 'payment');
    if (outcome === 'not_open') return reply.redirect(`/dev/pay/${encodeURIComponent(id)}`, 303);
    const session = await findLocalSession(ctx.db, id);
    return payPage(reply, session!, 402, { value: card.number, error: declineMessage(outcome) });
  }

  r.post('/dev/pay/:session/pay', { schema: { params: ZSessionParams, body: ZCardForm.nullish(), hide: true } }, async (req, reply) =>
    pay(req.params.session, req.body ?? {}, reply, false),
  );

  r.post('/dev/pay/:session/authenticate', { schema: { params: ZSessionParams, body: ZCardForm, hide: true } }, async (req, reply) =>
    pay(req.params.session, req.body, reply, true),
  );

  r.post('/dev/pay/:session/cancel', { schema: { params: ZSessionParams, hide: true } }, async (req, reply) => {
    const outcome = await cancelLocalSession(ctx, req.params.session);
    return reply.redirect(outcome === 'paid' ? successOf(req.params.session) : outcome === 'renewal' ? account : backToCart, 303);
  });

  // ---- The card-setup page: turning automatic renewal on for a licence bought without it, or
  // saving the card in use from Settings (a link without a licence) ----

  /** The setup link's facts, or the page that says why it no longer works. */
  async function setupOf(reply: FastifyReply, token: string) {
    const read = await readCardSetup(ctx.db, token, ctx.clock.now());
    if (!read.ok && read.why === 'expired') {
      return { html: page(reply, 410, 'Expired', `<span class="badge">Test mode</span><h1>This link has expired</h1><p>Start again from your account: turn automatic renewal on from your licenses, or replace your card in Settings.</p><div class="actions"><a class="button pay" href="${account}">Back to your account</a></div>`) };
    }
    if (!read.ok) return { html: page(reply, 400, 'Not valid', `<h1>This link is not valid</h1><p>Turn automatic renewal on from your account.</p><div class="actions"><a class="button pay" href="${account}">Back to your account</a></div>`) };
    const subject = await cardSetupSubject(ctx, read.facts);
    if (!subject) return { html: page(reply, 404, 'Not found', `<h1>License not found</h1><p>This link does not belong to one of your licenses.</p>`) };
    return { facts: read.facts, subject };
  }

  async function setupPage(reply: FastifyReply, token: string, status: number, card: { value?: string; error?: string } = {}) {
    const found = await setupOf(reply, token);
    if (!found.facts) return found.html;
    const { license, plan, words } = found.subject;
    const action = `/dev/card-setup/${token}`;
    // Without a licence the link comes from Settings: it only saves the card renewals charge.
    const what = license
      ? {
          title: 'Save a card for automatic renewal',
          text: `${escapeHtml(plan.name)} ${escapeHtml(license.licenseKey.slice(0, 11))}…: nothing is charged now. ${escapeHtml(words)}`,
          button: 'Save card and turn on renewal',
          back: account,
        }
      : {
          title: 'Save a card for your renewals',
          text: 'Nothing is charged now. This card replaces the one saved before: your automatic renewals charge it from their next renewal.',
          button: 'Save card',
          back: settingsPage,
        };
    return page(
      reply,
      status,
      'Save a card',
      `<span class="badge">Test mode · no card is charged</span>
<h1>${what.title}</h1>
<p>${what.text}</p>
<form method="post" action="${action}" id="setup-form">${cardField(card)}</form>
<div class="actions">
<button class="pay" type="submit" form="setup-form">${what.button}</button>
<a class="button cancel" href="${what.back}">Cancel</a>
</div>`,
    );
  }

  async function saveCard(token: string, form: z.infer<typeof ZCardForm>, reply: FastifyReply, authenticated: boolean) {
    const found = await setupOf(reply, token);
    if (!found.facts) return found.html;
    const card = typedCard(form);
    if (!card) return setupPage(reply, token, 400, { value: '', error: CARD_MSG.notATestCard });
    if (authenticated && form.result === 'fail') return setupPage(reply, token, 402, { value: card.number, error: CARD_MSG.authenticationFailed });
    const outcome = chargeOutcomeOnSession(card);
    if (outcome === 'requires_action' && !authenticated) return authenticationPage(reply, `/dev/card-setup/${token}/authenticate`, card, 'card');
    if (outcome !== 'succeeded' && outcome !== 'requires_action') return setupPage(reply, token, 402, { value: card.number, error: declineMessage(outcome) });
    const done = await completeCardSetup(ctx, found.facts, card);
    if (done.status === 'refused') {
      return page(reply, done.notFound ? 404 : 409, 'Not turned on', `<h1>Automatic renewal was not turned on</h1><p role="alert">${escapeHtml(done.why)}</p><div class="actions"><a class="button pay" href="${account}">Back to your account</a></div>`);
    }
    return reply.redirect(done.status === 'saved' ? `${settingsPage}?card=saved` : account, 303);
  }

  r.get('/dev/card-setup/:token', { schema: { params: ZSetupParams, hide: true } }, async (req, reply) => setupPage(reply, req.params.token, 200));

  r.post('/dev/card-setup/:token', { schema: { params: ZSetupParams, body: ZCardForm.nullish(), hide: true } }, async (req, reply) =>
    saveCard(req.params.token, req.body ?? {}, reply, false),
  );

  r.post('/dev/card-setup/:token/authenticate', { schema: { params: ZSetupParams, body: ZCardForm, hide: true } }, async (req, reply) =>
    saveCard(req.params.token, req.body, reply, true),
  );
}

/** How a card answers with its holder at the page: a decline's reason, or succeeded / requires_action. */
function chargeOutcomeOnSession(card: TestCard): 'succeeded' | 'requires_action' | 'card_declined' | 'insufficient_funds' {
  const outcome = testCardChargeOutcome(card.behaviour, true);
  return typeof outcome === 'object' ? outcome.declined : outcome;
}
