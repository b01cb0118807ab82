import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZProfileBody } from '@lbs/domain/schemas';
import { ZUser } from '@lbs/domain/responses';
import type { AppContext } from '../../app-context';
import { ownerOnly } from '../../plugins/guards';
import { callerKey } from '../../lib/caller-key';
import { BEARER, BODY_ERRORS, errors, withExample } from '../../lib/openapi';
import { updateProfile } from './update-profile';
import { getPreferences, updatePreferences } from './preferences';
import { ZPreferences } from '@lbs/domain/preferences';
import { requireUser } from '../../plugins/guards';

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the caller’s own profile; a new email takes effect once confirmed by mail',
        params: z.object({ id: z.coerce.number().int().positive() }),
        description: "Another user's id answers 403; an address another account uses, 409.",
        body: withExample(ZProfileBody, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' }),
        response: { 200: ZUser, ...errors(...BODY_ERRORS, 401, 403, 409, 429) },
        security: BEARER,
      },
      onRequest: ownerOnly((p) => p.id),
      // An email change sends mail; this keeps the form from being used to spam an address.
      config: { rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: callerKey } },
    },
    async (req) => updateProfile(ctx, req.user.id, req.body),
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/me/preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'The caller’s notification preferences and time zone',
        response: { 200: ZPreferences, ...errors(401) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => getPreferences(ctx.db, req.user.id),
  );
  r.put(
    '/users/me/preferences',
    {
      schema: {
        tags: ['users'],
        summary: 'Save the caller’s notification preferences and time zone',
        description: 'Promotional mail and announcements go only to those who keep them on; receipts, keys and account mail always go. Dates in the account area show in `time_zone`.',
        body: withExample(ZPreferences, { promotional_emails: false, announcements: true, time_zone: 'Asia/Singapore' }),
        response: { 200: ZPreferences, ...errors(...BODY_ERRORS, 401, 429) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '1 hour', keyGenerator: callerKey } },
    },
    async (req) => updatePreferences(ctx.db, req.user.id, req.body),
  );
}
