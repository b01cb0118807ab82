import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCouponBody, ZPromotionBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { createCoupon, createPromotion, lookupPromotionCode } from './service';

// Coupon ids are UUIDs; anything else is a 404 before it reaches the database.
const ZCouponIdParams = z.object({ couponId: z.uuid({ error: 'must be a coupon id' }) });

/** The public promo-code lookup used by the checkout. */
export async function voucherRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/voucher/promotion/code/:code',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Is this promotion code usable, and what does its coupon take off',
        params: z.object({ code: z.string().max(200) }),
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
}

/**
 * The admin's coupon and promotion creation; registered in the admin scope, whose onRequest hook
 * lets admins only (the back office's list, delete and status routes join them later).
 */
export async function voucherAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/voucher/coupon',
    {
      schema: { tags: ['admin'], summary: 'Create a coupon', body: ZCouponBody, security: [{ bearer: [] }] },
    },
    async (req, reply) => reply.status(201).send(await createCoupon(ctx.db, req.body)),
  );

  r.post(
    '/voucher/promotion/:couponId',
    {
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
