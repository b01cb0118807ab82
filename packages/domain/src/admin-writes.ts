import { z } from 'zod';
import { ZCoupon, ZPaged, ZPromotion } from './responses';

const ZInstant = z.iso.datetime();

// Response shapes of the back office's write routes and of the audit log they feed.

/** What an admin did, in the audit log's words. */
export const AUDIT_ACTIONS = [
  'license.generated',
  'license.revoked',
  'order.updated',
  'coupon.created',
  'coupon.deleted',
  'promotion.created',
  'promotion.status_changed',
  'notifications.bulk_read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const ZJsonValue = z.unknown().describe('The target as it was (before) or became (after); null when it did not exist');

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: ZJsonValue,
  after: ZJsonValue,
  ip: z.string().nullable(),
  created_at: ZInstant,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = ZPaged(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The coupon list (deleted coupons left out) and one coupon's promotion codes, paged. */
export const ZCouponPage = ZPaged(ZCoupon);
export const ZPromotionPage = ZPaged(ZPromotion);
