import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '@lbs/domain/schemas';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { devMail } from '../../db/schema';
import type { AppContext } from '../../app-context';
import { forbidden, notFound } from '../../lib/app-error';
import { escapeHtml } from '../../lib/escape-html';
import { isAdminRole } from '@lbs/domain/roles';

const toJson = (m: typeof devMail.$inferSelect) => ({
  id: m.id,
  to: m.to,
  from: m.from,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: m.headers ?? {},
  created_at: m.createdAt.toISOString(),
});

const ZRecipientQuery = z.object({ to: safeString().trim().toLowerCase().max(254).optional() });

/** The newest stored mail, to one recipient or to anyone. */
const recentMail = (db: Db, to: string | undefined, limit: number) =>
  db
    .select()
    .from(devMail)
    .where(to ? eq(devMail.to, to) : undefined)
    .orderBy(desc(devMail.id))
    .limit(limit);

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket reports those). */
const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);

/**
 * The embedded mail transport's reader. Registered only outside production.
 *
 * It holds every password-reset and verification link, so it is only for this machine (the
 * client address as Fastify sees it: X-Forwarded-For counts only behind TRUST_PROXY) or a
 * signed-in admin: on a shared network, anyone else could reset the admin's password and read
 * the link here.
 */
export async function devMailboxRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  // Before the query string is validated, so nothing about the mailbox leaks to a stranger.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (isLoopback(req.ip)) return;
    const user = await req.currentUser();
    if (user && isAdminRole(user.role)) return;
    throw forbidden('The dev mailbox answers only on this machine (loopback) or to a signed-in admin');
  });

  r.get(
    '/api/dev/mail',
    { schema: { querystring: ZRecipientQuery, hide: true } },
    async (req) => {
      const rows = await recentMail(db, req.query.to, 100);
      return rows.map(toJson);
    },
  );

  r.get(
    '/dev/mailbox',
    { schema: { querystring: ZRecipientQuery, hide: true } },
    async (req, reply) => {
      const rows = await recentMail(db, req.query.to, 200);
      const list = rows
        .map(
          (m) =>
            `<tr><td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
        )
        .join('');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111827}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb}form{margin:1rem 0}</style></head>
<body><h1>Dev mailbox</h1><p>Mail the shop sent while no SMTP server is configured. Newest first.</p>
<form method="get"><label>Recipient <input name="to" type="email" value="${escapeHtml(req.query.to ?? '')}"></label> <button>Filter</button></form>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${list || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table></body></html>`;
    },
  );

  r.get('/dev/mailbox/:id', { schema: { params: z.object({ id: z.coerce.number().int().positive() }), hide: true } }, async (req, reply) => {
    const [m] = await db.select().from(devMail).where(eq(devMail.id, req.params.id));
    if (!m) throw notFound('No such message');
    reply.type('text/html; charset=utf-8');
    // The stored mail is shown as-is, in a frame that may not run scripts.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(m.subject)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}iframe{width:100%;height:70vh;border:1px solid #e5e7eb}pre{white-space:pre-wrap;background:#f9fafb;padding:1rem}</style></head>
<body><p><a href="/dev/mailbox">← All mail</a></p><h1>${escapeHtml(m.subject)}</h1><p>To: ${escapeHtml(m.to)} · From: ${escapeHtml(m.from)}</p>
<iframe sandbox title="HTML part" srcdoc="${escapeHtml(m.html)}"></iframe><h2>Text part</h2><pre>${linkify(escapeHtml(m.text))}</pre></body></html>`;
  });
}

// Links in the text part are clickable so a tester can follow a verification link from here.
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);
