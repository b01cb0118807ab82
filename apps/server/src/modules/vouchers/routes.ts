import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPromotionLookup } from '@lbs/domain/responses';
import { safeString } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { errors, OPTIONAL_BEARER } from '../../lib/openapi';
import { lookupPromotionCode } from './lookup-promotion-code';

/** The public promo-code lookup used by the checkout. */
export async function voucherRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/voucher/promotion/code/:code',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Is this promotion code usable, and what does its coupon take off',
        description: 'With a session token, a once-per-customer code the caller has used answers inactive.',
        params: z.object({ code: safeString().max(200) }),
        response: { 200: ZPromotionLookup, ...errors(400, 429) },
        security: OPTIONAL_BEARER,
      },
      // Per client, low enough that guessing codes is hopeless and high enough for typos.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (req) => lookupPromotionCode(ctx.db, req.params.code, { userId: (await req.currentUser())?.id }),
  );
}
