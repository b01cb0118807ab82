import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZContactBody } from '@lbs/domain/schemas';
import { ZCreated } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { sendContactMessage } from './send-contact-message';

/** Per client address: enough for a person who retries, too few to flood the sales inbox. */
const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the public contact form to the sales team',
        body: withExample(ZContactBody, { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0958', company: 'Analytical Prints', message: 'A quote for 5,000 sheets, please.' }),
        response: { 201: ZCreated.describe('The message is stored and the sales team is mailed'), ...errors(...BODY_ERRORS, 429) },
      },
      config: { rateLimit: { ...CONTACT_RATE_LIMIT, keyGenerator: (req) => `contact:${req.ip}` } },
    },
    async (req, reply) => {
      const sender = await req.currentUser();
      const { id } = await sendContactMessage(ctx.db, ctx.config, { ...req.body, ip: req.ip ?? null, senderUserId: sender?.id ?? null });
      return reply.status(201).send({ id });
    },
  );
}
