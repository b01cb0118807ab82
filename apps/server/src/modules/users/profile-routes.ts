import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZProfileBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { ownerOnly } from '../../plugins/guards';
import { callerKey } from '../../lib/caller-key';
import { updateProfile } from './profile-service';

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the caller’s own profile; a new email takes effect once confirmed by mail',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: ZProfileBody,
      },
      onRequest: ownerOnly((p) => p.id),
      // An email change sends mail; this keeps the form from being used to spam an address.
      config: { rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: callerKey } },
    },
    async (req) => updateProfile(ctx, req.user.id, req.body),
  );
}
