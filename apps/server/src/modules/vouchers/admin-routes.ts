import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCouponPage, ZPromotionPage } from '@lbs/domain/admin-responses';
import { ZCoupon, ZPromotion } from '@lbs/domain/responses';
import { ZCouponBody, ZPaging, ZPromotionBody, ZPromotionStatusBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, noContent, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { createCoupon } from './create-coupon';
import { createPromotion } from './create-promotion';
import { deleteCoupon } from './delete-coupon';
import { listCoupons } from './list-coupons';
import { listPromotions } from './list-promotions';
import { setPromotionStatus } from './set-promotion-status';

const ZUuid = (what: string) => z.uuid({ error: `must be a ${what} id` });

/** The back office's coupons and promotion codes: create, list, delete, turn on or off. Each write is audited. */
export async function voucherAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/voucher/coupon',
    {
      schema: {
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
        summary: 'Create a promotion code for a coupon',
        params: z.object({ couponId: ZUuid('coupon') }),
        description: 'An unknown coupon answers 404; a code already in use (in any letter case), 409.',
        body: withExample(ZPromotionBody, { code: 'LAUNCH20', max_redemptions: 50, expires_at: '2030-12-31T23:59:59Z' }),
        response: { 201: ZPromotion, ...errors(...BODY_ERRORS, 401, 403, 404, 409) },
        security: BEARER,
      },
    },
    async (req, reply) => reply.status(201).send(await createPromotion(ctx.db, await auditActorOf(req), req.params.couponId, req.body)),
  );

  r.get(
    '/voucher/coupon',
    {
      schema: {
        summary: 'Coupons, newest first, paged (deleted coupons are not listed)',
        querystring: ZPaging,
        response: { 200: ZCouponPage, ...errors(400, 401, 403) },
        security: BEARER,
      },
    },
    async (req) => listCoupons(ctx.db, req.query),
  );

  r.delete(
    '/voucher/coupon/:id',
    {
      schema: {
        summary: 'Delete a coupon: its codes stop working; past orders keep their discount',
        description: 'A soft delete. An unknown or already deleted coupon answers 404.',
        params: z.object({ id: ZUuid('coupon') }),
        response: { 204: noContent('Deleted'), ...errors(400, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req, reply) => {
      await deleteCoupon(ctx.db, await auditActorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/voucher/promotion/:couponId',
    {
      schema: {
        summary: 'A coupon’s promotion codes, newest first, paged',
        description: 'An unknown or deleted coupon answers 404.',
        params: z.object({ couponId: ZUuid('coupon') }),
        querystring: ZPaging,
        response: { 200: ZPromotionPage, ...errors(400, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => listPromotions(ctx.db, req.params.couponId, req.query),
  );

  r.patch(
    '/voucher/promotion/:id/status',
    {
      schema: {
        summary: 'Turn a promotion code on or off',
        description: 'An unknown promotion, or one of a deleted coupon, answers 404.',
        params: z.object({ id: ZUuid('promotion') }),
        body: withExample(ZPromotionStatusBody, { active: false }),
        response: { 200: ZPromotion, ...errors(...BODY_ERRORS, 401, 403, 404) },
        security: BEARER,
      },
    },
    async (req) => setPromotionStatus(ctx.db, await auditActorOf(req), req.params.id, req.body.active),
  );
}
