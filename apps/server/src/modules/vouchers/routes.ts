import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCoupon, ZPromotion, ZPromotionLookup } from '@lbs/domain/responses';
import { safeString, ZCouponBody, ZPromotionBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, OPTIONAL_BEARER, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { createCoupon } from './create-coupon';
import { createPromotion } from './create-promotion';
import { lookupPromotionCode } from './lookup-promotion-code';

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

/**
 * The admin's coupon and promotion creation; registered in the admin scope, whose onRequest hook
 * lets admins only (the list, delete and status routes are in admin-routes.ts). Each write is audited.
 */
export async function voucherAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/voucher/coupon',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a coupon',
        body: withExample(ZCouponBody, { name: 'Launch week', discount_type: 'percent', discount_value: 20, max_redemptions: 100 }),
        response: { 201: ZCoupon, ...errors(...BODY_ERRORS, 401, 403) },
        security: BEARER,
      },
    },
    async (req, reply) => reply.status(201).send(await createCoupon(ctx.db, await auditActorOf(req), req.body)),
  );

  r.post(
    '/voucher/promotion/:couponId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a promotion code for a coupon',
        params: ZCouponIdParams,
        description: 'An unknown coupon answers 404; a code already in use (in any letter case), 409.',
        body: withExample(ZPromotionBody, { code: 'LAUNCH20', max_redemptions: 50, expires_at: '2030-12-31T23:59:59Z' }),
        response: { 201: ZPromotion, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req, reply) => reply.status(201).send(await createPromotion(ctx.db, await auditActorOf(req), req.params.couponId, req.body)),
  );
}
