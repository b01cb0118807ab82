/** What the back office's read routes answer. */
import { z } from 'zod';
import { ZCoupon, ZInvoice, ZNotification, ZOrder, ZPaged, ZPromotion } from './responses';

const ZInstant = z.iso.datetime();

const ZAdminUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.string(),
  created_at: ZInstant,
  is_email_verified: z.boolean(),
  license_count: z.number().int().nonnegative(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUserPage = ZPaged(ZAdminUser);
export type TAdminUserPage = z.infer<typeof ZAdminUserPage>;

export const ZEmailSuggestions = z.object({ emails: z.array(z.string()) });

/** One row of the back office's table: the notification, and whose it is (id and address). */
const ZAdminNotification = ZNotification.extend({ user_id: z.number().int(), email: z.string() });
export const ZAdminNotificationPage = ZPaged(ZAdminNotification);
export type TAdminNotification = z.infer<typeof ZAdminNotification>;
export type TAdminNotificationPage = z.infer<typeof ZAdminNotificationPage>;

const ZAdminInvoice = ZInvoice.extend({ user_id: z.number().int(), email: z.string() });
export type TAdminInvoice = z.infer<typeof ZAdminInvoice>;
export const ZAdminInvoicePage = ZPaged(ZAdminInvoice);
export type TAdminInvoicePage = z.infer<typeof ZAdminInvoicePage>;

const ZAdminOrder = ZOrder.extend({ user_id: z.number().int() });
export type TAdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminOrderPage = ZPaged(ZAdminOrder);
export type TAdminOrderPage = z.infer<typeof ZAdminOrderPage>;

export const ZMarkReadResult = z.object({ updated: z.number().int().nonnegative() });
export type TMarkReadResult = z.infer<typeof ZMarkReadResult>;

const ZJsonValue = z.unknown().describe('The target as it was (before) or became (after); null when it did not exist');

/** One row of the audit log: what an admin did (an AuditAction, as stored), to what, from where. */
const ZAuditEntry = z.object({
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
