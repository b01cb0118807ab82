import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCardRemovedAnswer, ZCardSetupAnswer, ZPaymentMethodAnswer } from '@lbs/domain/payment-cards';
import type { AppContext } from '../../app-context';
import { callerKey } from '../../lib/caller-key';
import { BEARER, errors } from '../../lib/openapi';
import { requireUser } from '../../plugins/guards';
import { currentPaymentMethod } from './current-payment-method';
import { removeCard } from './remove-card';
import { startCardSetup } from './start-card-setup';

/** The customer's payment method (decision 0022): the card their automatic renewals charge. */
export async function paymentMethodRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/payment-methods/current',
    {
      schema: {
        tags: ['licenses'],
        summary: "The caller's saved card that automatic renewals charge, and the licences that renew on it",
        description:
          '`card` is null when none is saved. `expires_before_renewal`: the card stops working (after its expiry month) before the next renewal charge of one of `renewing_licenses`.',
        response: { 200: ZPaymentMethodAnswer, ...errors(401) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => currentPaymentMethod(ctx, req.user.id),
  );

  r.post(
    '/payment-methods/setup',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Start replacing (or adding) the caller’s saved card',
        description:
          'Answers the page where the new card is typed: Stripe’s card form when Stripe is configured, else the local test provider’s card-setup page. Once saved, the new card is the one renewals charge and the old one is detached. 409 when no provider can save a card.',
        response: { 200: ZCardSetupAnswer, ...errors(401, 409) },
        security: BEARER,
      },
      onRequest: requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 hour', keyGenerator: callerKey } },
    },
    async (req) => startCardSetup(ctx, req.user.id),
  );

  r.delete(
    '/payment-methods/current',
    {
      schema: {
        tags: ['licenses'],
        summary: 'Remove the caller’s saved card; automatic renewal turns off for every licence that charged it',
        description:
          'Answers the licences whose automatic renewal stopped (each runs to the end of its paid term; an open renewal is given up). 404 when no card is saved.',
        response: { 200: ZCardRemovedAnswer, ...errors(401, 404) },
        security: BEARER,
      },
      onRequest: requireUser,
    },
    async (req) => removeCard(ctx, req.user.id, req.log),
  );
}
