import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZNotification, ZNotificationPage, ZStreamTicket } from '@lbs/domain/responses';
import { safeString, ZPaging } from '@lbs/domain/schemas';
import { MSG } from '@lbs/domain/messages';
import type { AppContext } from '../../app-context';
import { ownerOrAdmin, requireUser } from '../../plugins/guards';
import { callerKey } from '../../lib/caller-key';
import { BEARER, BEARER_OR_TICKET, errors, type RawResponse } from '../../lib/openapi';
import { AppError, tooManyRequests, unauthorized } from '../../lib/app-error';
import { isSessionLive, spendSessionTicket } from '../auth/session-ticket';
import { countBellUnread } from './count-unread';
import { issueStreamTicket } from './issue-stream-ticket';
import { listNotifications } from './list-notifications';
import { markNotification } from './mark-notification';
import { MAX_STREAMS_PER_USER, NotificationHub, type StreamEvent } from './notification-hub';

// Proxies drop a silent connection after about a minute; a comment line keeps it open and lets
// the server notice a revoked session.
const HEARTBEAT_MS = 25_000;

const ZUserIdParams = z.object({ userId: z.coerce.number().int().positive() });
const ZNotificationIdParams = z.object({ id: z.uuid() });

const eventStream: RawResponse = {
  description: 'An endless text/event-stream: `unread` first, then `notification` or `unread` on every change',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};


export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hub = new NotificationHub(ctx.database, app.log);
  const open = new Set<ServerResponse>();
  let closing = false;

  // preClose: open streams would otherwise keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    closing = true;
    for (const res of open) res.end();
    open.clear();
  });
  app.addHook('onClose', async () => hub.close());

  r.get(
    '/notification/:userId',
    {
      schema: {
        tags: ['notifications'],
        summary: "A user's notifications, newest first, paged (the user or an admin)",
        params: ZUserIdParams,
        querystring: ZPaging,
        response: { 200: ZNotificationPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
      onRequest: ownerOrAdmin((p) => p.userId),
    },
    async (req) => listNotifications(ctx.db, req.params.userId, req.query),
  );

  for (const flag of ['read', 'done'] as const) {
    r.patch(
      `/notification/:id/${flag}`,
      {
        schema: {
          tags: ['notifications'],
          summary: `Mark a notification as ${flag} (idempotent)`,
          description:
            "A customer marks their own; someone else's answers 404, like a missing one. An admin marks the admins' shared feed (audited; every admin sees the change) and their own; a customer's notification is read-only to an admin: 403, and nothing changes.",
          params: ZNotificationIdParams,
          response: { 200: ZNotification, ...errors(400, 401, 403, 404, 429) },
          security: BEARER,
        },
        onRequest: requireUser,
        config: { rateLimit: { max: 300, timeWindow: '1 minute', keyGenerator: callerKey } },
      },
      async (req) => markNotification(ctx.db, { id: req.user.id, role: req.user.role, email: req.user.email, ip: req.ip || null }, req.params.id, flag),
    );
  }

  r.post(
    '/notification/stream-ticket',
    {
      schema: {
        tags: ['notifications'],
        summary: 'A one-minute, single-use ticket that opens the notification stream',
        response: { 200: ZStreamTicket, ...errors(401, 429) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: callerKey } },
    },
    async (req) => issueStreamTicket(ctx.db, await req.currentSessionId()),
  );

  r.get(
    '/notification/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Server-sent events: the unread count now and after every change',
        description:
          'Authenticate with `?ticket=` from POST /notification/stream-ticket (EventSource cannot send headers) or a Bearer token. Events: `unread` and `notification`, data `{"unread_count": n}`.',
        querystring: z.object({ ticket: safeString().max(300).optional() }),
        response: { 200: eventStream, ...errors(400, 401, 429) },
        security: BEARER_OR_TICKET,
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const who = req.query.ticket
        ? await spendSessionTicket(ctx.db, req.query.ticket, 'notification-stream')
        : await req.currentUser().then(async (user) => (user ? { user, sessionId: (await req.currentSessionId())! } : null));
      if (!who) throw unauthorized();
      const { user, sessionId } = who;
      if (hub.streamsOf(user.id) >= MAX_STREAMS_PER_USER) throw tooManyRequests(MSG.tooManyStreams);

      const res = reply.raw;
      let closed = false;
      const send = (e: StreamEvent) => {
        if (!closed) res.write(`event: ${e.event}\ndata: ${JSON.stringify({ unread_count: e.unread_count })}\n\n`);
      };
      // Subscribe before counting, so a notification created in between is not missed.
      const unsubscribe = await hub.subscribe(user, send);
      const initial = await countBellUnread(ctx.db, user).catch((err) => {
        unsubscribe();
        throw err;
      });
      // A stream that got here while the server began to stop would hold its shutdown open.
      if (closing) {
        unsubscribe();
        throw new AppError('unavailable', 'The server is restarting; reconnect in a moment');
      }

      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      open.add(res);
      res.write('retry: 3000\n\n');
      send({ event: 'unread', unread_count: initial });

      const heartbeat = setInterval(() => {
        isSessionLive(ctx.db, sessionId).then(
          (live) => (live ? res.write(': ping\n\n') : res.end()),
          () => res.write(': ping\n\n'),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', cleanup);
      req.raw.on('close', () => {
        cleanup();
        res.end();
      });
    },
  );
}
