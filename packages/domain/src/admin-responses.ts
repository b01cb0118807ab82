/** What the back office's read routes answer. */
import { z } from 'zod';
import { ZCoupon, ZInvoice, ZNotification, ZOrder, ZPaged, ZPromotion } from './responses';
import { SHIP_OUTCOMES } from './carriers';

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
/**
 * USERS' search counts its matches up to this many: a text found in every account (the shop's
 * domain) would otherwise mean every account read to count them (issue 24). Past it the screen
 * says "More than 1,000" and offers 100 pages; a narrower search finds the rest.
 */
export const USER_SEARCH_COUNT_CAP = 1_000;

export const ZAdminUserPage = ZPaged(ZAdminUser).extend({
  total_capped: z
    .boolean()
    .describe(`True when a search matched more than ${USER_SEARCH_COUNT_CAP.toLocaleString('en-US')} accounts: \`total\` is then that cap, counted no further (pages past it are still served)`),
});
export type TAdminUserPage = z.infer<typeof ZAdminUserPage>;

export const ZEmailSuggestions = z.object({ emails: z.array(z.string()) });

/**
 * One row of the back office's NOTIFICATIONS: the notification and the customer concerned (the
 * owner of a customer's notification; the customer an admins' feed event is about, or null).
 */
const ZAdminNotification = ZNotification.extend({
  user_id: z.number().int().nullable().describe("The customer concerned: a customer's notification's owner, or the buyer or sender an admins' feed event is about (null when none)"),
  email: z.string().nullable().describe("That customer's email address (null when none)"),
  read_only: z.boolean().describe("True for a customer's notification: admins may view it but never mark it read or done"),
});
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
  /** The target in words as it was when the entry was written; null on entries older than labels. */
  label: z.string().nullable(),
  /** The customer the action concerned, if any. */
  subject_user_id: z.number().int().nullable(),
  created_at: ZInstant,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = ZPaged(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

/**
 * What the lists add to a coupon or a code: its redemptions by paid orders and the discount those
 * orders were given. A redemption is recorded when an order is paid, so an unpaid, failed or
 * abandoned checkout is in neither (times_redeemed, in contrast, counts the uses such checkouts
 * still hold); a refund later leaves both as they were (the redemption happened, as Stripe counts it).
 */
const redemptionTotals = {
  paid_redemptions: z.number().int().nonnegative().describe('Paid orders that used it'),
  discount_given: z.number().int().nonnegative().describe('The discount those orders were given, in cents (USD)'),
};
export const ZCouponListItem = ZCoupon.extend(redemptionTotals);
export type TCouponListItem = z.infer<typeof ZCouponListItem>;
export const ZPromotionListItem = ZPromotion.extend(redemptionTotals);
export type TPromotionListItem = z.infer<typeof ZPromotionListItem>;

/** The coupon list (deleted coupons left out) and one coupon's promotion codes, paged. */
export const ZCouponPage = ZPaged(ZCouponListItem);
export const ZPromotionPage = ZPaged(ZPromotionListItem);

/** POST /order/admin/ship: one answer per order asked for, in the order asked. */
export const ZOrderShipResult = z.object({
  results: z.array(
    z.object({
      order_id: z.number().int(),
      outcome: z.enum(SHIP_OUTCOMES),
      /** Why, in the back office's words. */
      detail: z.string(),
      /** The tracking link the customer was (or had been) sent; '' when refused. */
      track_url: z.string(),
    }),
  ),
});
export type TOrderShipResult = z.infer<typeof ZOrderShipResult>;
