import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZContactBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { submitContactMessage } from './service';

/** Per client address: enough for a person who retries, too few to flood the sales inbox. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the public contact form to the sales team',
        body: ZContactBody,
      },
      config: { rateLimit: { ...CONTACT_RATE_LIMIT, keyGenerator: (req) => `contact:${req.ip}` } },
    },
    async (req, reply) => {
      const { id } = await submitContactMessage(ctx.db, ctx.config, { ...req.body, ip: req.ip ?? null });
      return reply.status(201).send({ id });
    },
  );
}
