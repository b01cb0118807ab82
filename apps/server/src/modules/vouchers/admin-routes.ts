import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCouponPage, ZPromotionPage } from '@lbs/domain/admin-responses';
import { ZPromotion } from '@lbs/domain/responses';
import { ZPaging, ZPromotionStatusBody } from '@lbs/domain/schemas';
import type { AppContext } from '../../app-context';
import { BEARER, BODY_ERRORS, errors, noContent, withExample } from '../../lib/openapi';
import { auditActorOf } from '../audit/record-admin-action';
import { deleteCoupon } from './delete-coupon';
import { listCoupons } from './list-coupons';
import { listPromotions } from './list-promotions';
import { setPromotionStatus } from './set-promotion-status';

const ZUuid = (what: string) => z.uuid({ error: `must be a ${what} id` });

/** The back office's coupon list and delete, and promotion list and on/off; in the admin scope. */
export async function voucherListAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/voucher/coupon',
    {
      schema: {
        tags: ['admin'],
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
        tags: ['admin'],
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
        tags: ['admin'],
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
        tags: ['admin'],
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
