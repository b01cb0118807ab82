import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeString, ZCouponBody, ZPromotionBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { requireAdmin } from '../../plugins/guards';
import { createCoupon, createPromotion, lookupPromotionCode } from './service';

// Coupon ids are UUIDs; anything else is a 404 before it reaches the database.
const ZCouponIdParams = z.object({ couponId: z.uuid({ error: 'must be a coupon id' }) });

/**
 * The public promo-code lookup used by the checkout, and the admin's coupon and promotion
 * creation (the back office's list, delete and status routes join this module later).
 */
export async function voucherRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/voucher/promotion/code/:code',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Is this promotion code usable, and what does its coupon take off',
        params: z.object({ code: safeString().max(200) }),
        response: {
          200: z.object({
            active: z.boolean(),
            coupon: z.object({ percent_off: z.number().nullable(), amount_off: z.number().nullable() }),
          }),
        },
      },
      // Per client, low enough that guessing codes is hopeless and high enough for typos.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (req) => lookupPromotionCode(ctx.db, req.params.code, { userId: (await req.currentUser())?.id }),
  );

  r.post(
    '/voucher/coupon',
    {
      preHandler: requireAdmin,
      schema: { tags: ['admin'], summary: 'Create a coupon', body: ZCouponBody, security: [{ bearer: [] }] },
    },
    async (req, reply) => reply.status(201).send(await createCoupon(ctx.db, req.body)),
  );

  r.post(
    '/voucher/promotion/:couponId',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Create a promotion code for a coupon',
        params: ZCouponIdParams,
        body: ZPromotionBody,
        security: [{ bearer: [] }],
      },
    },
    async (req, reply) => reply.status(201).send(await createPromotion(ctx.db, req.params.couponId, req.body)),
  );
}
