import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { forbidden } from '../../lib/app-error';
import { runRenewalJob } from './renewal-job';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (as the dev mailbox reads it). */
const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);

/** Ten years either way: enough for any journey, and a typo of a few digits is refused. */
const MAX_OFFSET_MS = 10 * 366 * 24 * 3600 * 1000;

/**
 * Development and tests only (registered only when config.devTools, never in production): moves
 * this process's clock (ctx.clock) so a browser journey can watch a month pass, then runs the
 * renewal job once and delivers what it queued (the charges, the mails) before answering, so the
 * page shows the outcome at once. Answers only on this machine.
 */
export async function devClockRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (req) => {
    if (!isLoopback(req.ip)) throw forbidden('The dev clock answers only on this machine (loopback)');
  });

  r.post(
    '/api/dev/clock',
    { schema: { body: z.object({ offset_ms: z.number().int().min(-MAX_OFFSET_MS).max(MAX_OFFSET_MS) }), hide: true } },
    async (req) => {
      ctx.clock.setOffset(req.body.offset_ms);
      await runRenewalJob(ctx);
      await ctx.outbox.drain();
      return { offset_ms: ctx.clock.offset, now: ctx.clock.now().toISOString() };
    },
  );
}
