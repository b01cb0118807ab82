// The dev-only local payment provider's pages, beside routes.ts: registered only outside production.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatUsd, fromCents } from '@lbs/domain/money';
import type { AppContext } from '../../app-context';
import { orderLines, orders } from '../../db/schema';
import { findLocalSession, localSessionExpired } from './local-provider';
import { cancelLocalSession, payLocalSession } from './pay-local-session';
import { escapeHtml } from '../../lib/escape-html';

const ZSessionParams = z.object({ session: z.string().regex(/^lps_[A-Za-z0-9_-]{20,100}$/, { error: 'not a payment session' }) });

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
button,a.button{font:inherit;font-weight:600;border-radius:.6rem;padding:.8rem 1rem;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#4f46e5;color:#fff;border:0}.pay:hover{background:#4338ca}
.cancel{background:#fff;color:#4338ca;border:1px solid #4f46e5}.cancel:hover{background:#eef2ff}
:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
</style></head><body><main><div class="card">${body}</div></main></body></html>`;
}

/**
 * The embedded payment provider's hosted page (DESIGN §3): shows the amount, and Pay runs the same
 * fulfilment as a Stripe webhook. Registered only outside production.
 */
export async function localPayRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The page's forms post urlencoded; they carry nothing the handlers read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  const r = app.withTypeProvider<ZodTypeProvider>();
  // As Stripe's success_url does: the page asks for this session's order.
  const successOf = (session: string) => `/checkout/success?session_id=${encodeURIComponent(session)}`;
  const backToCart = '/shipping';

  r.get('/dev/pay/:session', { schema: { params: ZSessionParams, hide: true } }, async (req, reply) => {
    const session = await findLocalSession(ctx.db, req.params.session);
    if (!session) return page(reply, 404, 'Not found', '<h1>Payment session not found</h1><p>This link does not belong to a payment.</p>');
    if (session.status === 'paid') {
      return page(reply, 200, 'Paid', `<span class="badge">Test mode</span><h1>This payment is complete</h1><p>Nothing more to do.</p><div class="actions"><a class="button pay" href="${successOf(session.id)}">Continue</a></div>`);
    }
    if (session.status !== 'open' || localSessionExpired(session, new Date())) {
      return page(reply, 410, 'Ended', `<span class="badge">Test mode</span><h1>This payment session has ended</h1><p>It was cancelled or has expired. Your cart is still saved, so you can check out again.</p><div class="actions"><a class="button pay" href="${backToCart}">Back to checkout</a></div>`);
    }
    const [lines, [order]] = await Promise.all([
      ctx.db.select().from(orderLines).where(eq(orderLines.orderId, session.orderId)).orderBy(asc(orderLines.id)),
      ctx.db.select().from(orders).where(eq(orders.id, session.orderId)),
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
    return page(
      reply,
      200,
      'Pay',
      `<span class="badge">Test mode · no card is charged</span>
<h1>Pay LentiBooth</h1><p>Order #${session.orderId}. This local test provider stands in for the card payment page.</p>
<table><tbody>${rows}<tr class="total"><td>Amount due</td><td>${amount} ${escapeHtml(session.currency.toUpperCase())}</td></tr></tbody></table>
<div class="actions">
<form method="post" action="${action}/pay"><button class="pay" type="submit" style="width:100%">Pay ${amount}</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit" style="width:100%">Cancel</button></form>
</div>`,
    );
  });

  r.post('/dev/pay/:session/pay', { schema: { params: ZSessionParams, hide: true } }, async (req, reply) => {
    const id = req.params.session;
    if (!(await payLocalSession(ctx, id))) return reply.redirect(`/dev/pay/${encodeURIComponent(id)}`, 303);
    return reply.redirect(successOf(id), 303);
  });

  r.post('/dev/pay/:session/cancel', { schema: { params: ZSessionParams, hide: true } }, async (req, reply) => {
    const outcome = await cancelLocalSession(ctx, req.params.session);
    return reply.redirect(outcome === 'paid' ? successOf(req.params.session) : backToCart, 303);
  });
}
