import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZUnsubscribeBody, ZUnsubscribeQuery, ZUnsubscribeState } from '@lbs/domain/campaigns';
import { safeString } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { errors, withExample } from '../../lib/openapi';
import { readUnsubscribe, unsubscribe } from './unsubscribe';

/** Per client address: a person clicks once or twice; a mail provider's one-click POSTs come from many. */
const UNSUBSCRIBE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

const ZTokenParams = z.object({ token: safeString().max(100) });

/**
 * Unsubscribe links of campaign mail (issue 22), with no sign-in: the token is the customer's
 * (unsubscribe-token.ts). A GET changes nothing, since mail scanners open every link; only a POST
 * does: a mail client's RFC 8058 one-click (form-encoded `List-Unsubscribe=One-Click`) or the
 * confirm page's button (JSON).
 */
export async function unsubscribeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Only in this plugin: the rest of the API stays JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // RFC 8058 also allows multipart/form-data; its one field says nothing the URL does not.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, _body, done) => done(null, {}));

  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { ...UNSUBSCRIBE_RATE_LIMIT, keyGenerator: (req: { ip: string }) => `unsubscribe:${req.ip}` };

  r.get(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'What an unsubscribe link would turn off (changes nothing)',
        params: ZTokenParams,
        querystring: ZUnsubscribeQuery,
        response: { 200: ZUnsubscribeState, ...errors(400, 404, 429) },
      },
      config: { rateLimit },
    },
    async (req) => readUnsubscribe(ctx.db, req.params.token, req.query.list),
  );

  r.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Turn a mail list off for the link’s customer, without signing in',
        description:
          'The target of the List-Unsubscribe header (RFC 8058 one-click: form-encoded `List-Unsubscribe=One-Click`) and of the confirm page’s button (JSON or no body). Turning promotional mail off also clears the consent time. A wrong token answers 404.',
        params: ZTokenParams,
        querystring: ZUnsubscribeQuery,
        body: withExample(ZUnsubscribeBody, { 'List-Unsubscribe': 'One-Click' }),
        response: { 200: ZUnsubscribeState, ...errors(400, 404, 413, 415, 429) },
      },
      config: { rateLimit },
    },
    async (req) => unsubscribe(ctx.db, req.params.token, req.query.list),
  );
}
