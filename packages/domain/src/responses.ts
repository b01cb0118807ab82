/**
 * What the API answers, declared once: each route uses these as its `response` schema (the
 * server's serializer drops any field not listed here and refuses a reply that does not match),
 * and the web app reads the inferred types instead of typing the answers again by hand.
 * Timestamps are ISO 8601 strings in UTC ('2025-06-30T12:00:00.000Z').
 */
import { z } from 'zod';

import { PAYMENT_STATUSES, REFUND_STATES } from './refunds';
import { ORDER_STATES } from './statuses';

/** An instant as the API writes it (Date#toISOString). */
const ZInstant = z.iso.datetime();

// ---------------------------------------------------------------------------------------------
// Errors and plain messages

/** Sign-in refused because the address is not verified yet; the screen offers to resend. */
const ZVerificationRequired = z.object({
  message: z.string(),
  requires_verification: z.literal(true),
  email: z.string(),
});

/** Every error: a reason a person can read, naming the field for a validation error. */
export const ZErrorDetail = z.object({ detail: z.union([z.string(), ZVerificationRequired]) });

/** A success that only says what happened ("If an account exists, ..."). */
export const ZMessage = z.object({ detail: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

// ---------------------------------------------------------------------------------------------
// Paged lists

/** One page of a list, newest first; `page` is 1-based. */
export function ZPaged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
  });
}
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

// ---------------------------------------------------------------------------------------------
// Users and sessions

/** The user as the API shows it: the spec's field names, never the password hash. */
export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** 'user', or any other value for an admin. */
  role: z.string(),
  photoURL: z.string().nullable(),
  is_email_verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: ZInstant,
  /** A new address waiting for its owner to confirm it; null when none. */
  pending_email: z.string().nullable(),
  /** The country of the last billing address given at checkout (ISO 3166-1 alpha-2); null until then. */
  country: z.string().nullable().optional(),
});
export type TUser = z.infer<typeof ZUser>;

/** What sign-in (and every call that signs the user in) answers. */
export const ZSession = z.object({
  user: ZUser,
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSignedUp = z.object({ user: ZUser });
export type TSignedUp = z.infer<typeof ZSignedUp>;

/** The address a reset link belongs to, shown on the new-password form. */
export const ZResetLink = z.object({ email: z.string() });
export type TResetLink = z.infer<typeof ZResetLink>;

/** An ALTCHA proof-of-work challenge (altcha-lib's Challenge). */
export const ZCaptchaChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Licences

export const LICENSE_TYPES = ['day', 'month', 'year', 'onetime', 'custom'] as const;

/**
 * An automatic renewal that is due (DESIGN §6.3): its order, the end of the term it follows
 * (`since`, E), until when the booth keeps working unpaid (`grace_until`), whether that grace has
 * begun, the next automatic try (null: none left) and why the last charge failed.
 */
export const ZRenewalDue = z.object({
  order_id: z.number().int(),
  since: ZInstant,
  grace_until: ZInstant,
  in_grace: z.boolean(),
  next_try_at: ZInstant.nullable(),
  failure: z.string().nullable(),
});
export type TRenewalDue = z.infer<typeof ZRenewalDue>;

/** The saved card a licence's automatic renewals charge (its holder's card in use), as the back office shows it. */
export const ZRenewalCard = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
});
export type TRenewalCard = z.infer<typeof ZRenewalCard>;

export const ZLicense = z.object({
  _id: z.string(),
  license_key: z.string(),
  type: z.enum(LICENSE_TYPES),
  email: z.string(),
  device_number: z.string().nullable(),
  device_bound_at: ZInstant.nullable(),
  create_date: ZInstant,
  /** Null: never expires. */
  expire_date: ZInstant.nullable(),
  /** Its end has passed (a revoked key is told by `revoked`, not by this). */
  is_expired: z.boolean(),
  revoked: z.boolean(),
  /** An admin has suspended it (it can be reinstated). */
  suspended: z.boolean(),
  /** Its start (`create_date`) is still ahead, on the server's clock. */
  starts_later: z.boolean(),
  /**
   * A Daily pass not started yet: the latest first activation, which starts its 24 hours;
   * `expire_date` is the same date until then. Null once started and for every other plan.
   */
  activate_by: ZInstant.nullable(),
  /** With `activate_by`: the hours the pass runs from its first activation (24 per pass bought). */
  unstarted_term_hours: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  /** Self-service device resets still available now; null when the licence is not current. */
  device_resets_left: z.number().int().nullable(),
  /** Its device: the customer's name for it (the fleet view) if set, else the name the booth reported. */
  device_name: z.string().nullable(),
  /** The program version of its last activation or validation. */
  app_version: z.string().nullable(),
  /** Its last activation or validation; null when never seen. */
  last_seen_at: ZInstant.nullable(),
  /**
   * When its device's id was last seen from two addresses within an hour (a copied install, or a
   * booth moving networks): a flag for the admins, never a lockout. Null when never, or no device.
   */
  device_shared_at: ZInstant.nullable(),
  /** It renews on its own at the end of each term, charged to its holder's saved card. */
  auto_renew: z.boolean(),
  /** Its holder may turn automatic renewal on: Monthly or Yearly, current, not in grace, not revoked or suspended. */
  can_auto_renew: z.boolean(),
  /** With `auto_renew`: the dollars its next automatic renewal charges; null otherwise. */
  renewal_amount: z.number().nullable(),
  /** Its open automatic renewal, once a charge failed or its term ended unpaid; null otherwise. */
  renewal_due: ZRenewalDue.nullable(),
  /** The back office only (LICENSES, the customer page): its holder's saved card in use, null when none; absent elsewhere. */
  renewal_card: ZRenewalCard.nullable().optional(),
});
export type TLicense = z.infer<typeof ZLicense>;


/**
 * PUT /api/licenses/:id/auto-renew: the licence as it is now, and, when turning on found no saved
 * card, the page that saves one and then turns renewal on (nothing is on until then).
 */
export const ZAutoRenewAnswer = z.object({
  license: ZLicense,
  setup_url: z.string().nullable(),
});
export type TAutoRenewAnswer = z.infer<typeof ZAutoRenewAnswer>;

export const ZLicensePage = ZPaged(ZLicense);
export type TLicensePage = z.infer<typeof ZLicensePage>;

/** The licence check. */
export const ZLicenseCheck = z.object({
  has_license: z.boolean(),
  current_count: z.number().int().nonnegative(),
});
export type TLicenseCheck = z.infer<typeof ZLicenseCheck>;

/** A short-lived link or ticket bound to the caller's session. */
/** Whether this server has a desktop app build to hand out (the Resources page shows the state). */
export const ZAppDownloadStatus = z.object({ available: z.boolean() });
export type TAppDownloadStatus = z.infer<typeof ZAppDownloadStatus>;

export const ZDownloadLink = z.object({ url: z.string(), expires_at: ZInstant });

// ---------------------------------------------------------------------------------------------
// Orders and invoices

const ZOrderShippingInfo = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});

const ZOrderLine = z.object({
  /** The order line's own id: a refund by lines names it. */
  order_line_id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** USD per unit, as charged. */
  price: z.number(),
  /** Units of this line refunded so far (succeeded refunds). */
  refunded_quantity: z.number().int(),
});

/** A refund as the customer's order shows it: how much, when, its credit note. */
export const ZOrderRefund = z.object({
  id: z.string(),
  amount: z.number(),
  state: z.enum(REFUND_STATES),
  created_at: ZInstant,
  succeeded_at: ZInstant.nullable(),
  /** 'CN-12' once succeeded. */
  credit_note: z.string().nullable(),
});

/** An order with its lines; money in USD. Tracking fields are '' until the order ships. */
export const ZOrder = z.object({
  order_id: z.number().int(),
  /** The shipping step, or cancelling (its cancel's refund pending) / cancelled (statuses.ts). */
  status: z.enum(ORDER_STATES),
  /** unpaid, paid, partially_refunded, refunded, failed, cancelled (refunds.ts); the shipping steps are `status`. */
  payment_status: z.enum(PAYMENT_STATUSES),
  created_at: ZInstant,
  paid_at: ZInstant.nullable(),
  email: z.string(),
  shipping_info: ZOrderShippingInfo.nullable(),
  products: z.array(ZOrderLine),
  track_num: z.string(),
  track_url: z.string(),
  /** A code of the domain's carrier list (`packages/domain/src/carriers.ts`); '' when none was picked. */
  carrier: z.string(),
  carrier_name: z.string(),
  estimate_date: z.string(),
  subtotal: z.number(),
  shipping_fee: z.number(),
  discount: z.number(),
  total: z.number(),
  /** USD given back by succeeded refunds; what is left to refund is total − refunded. */
  refunded: z.number(),
  cancelled_at: ZInstant.nullable(),
  refunds: z.array(ZOrderRefund),
  currency: z.string(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderPage = ZPaged(ZOrder);
export type TOrderPage = z.infer<typeof ZOrderPage>;

export const ZInvoice = z.object({
  invoice_no: z.number().int(),
  order_id: z.number().int().nullable(),
  /** Where the receipt PDF is fetched; also what POST /invoice/generate-receipt-pdf takes. */
  invoice_url: z.string(),
  created_at: ZInstant,
  /** USD. */
  total: z.number(),
  currency: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoicePage = ZPaged(ZInvoice);
export type TInvoicePage = z.infer<typeof ZInvoicePage>;

// ---------------------------------------------------------------------------------------------
// Notifications

export const ZNotification = z.object({
  _id: z.string(),
  /** A NOTIFICATION_TYPES value; screens treat any other as order_status_update. */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  created_at: ZInstant,
  is_read: z.boolean(),
  is_done: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** A page of notifications, with the user's unread count across all pages. */
export const ZNotificationPage = ZPaged(ZNotification).extend({
  unread_count: z.number().int().nonnegative(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZStreamTicket = z.object({ ticket: z.string(), expires_at: ZInstant });

// ---------------------------------------------------------------------------------------------
// Catalogue, checkout, vouchers

/** A product on sale (price in USD with cents, as charged). */
export const ZCatalogueItem = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  kind: z.enum(['accessory', 'license']),
  license_type: z.enum(['day', 'month', 'year', 'onetime']).nullable(),
  shippable: z.boolean(),
});
export type TCatalogueItem = z.infer<typeof ZCatalogueItem>;

export const ZShippingQuote = z.object({ fee: z.number() });
export type TShippingQuote = z.infer<typeof ZShippingQuote>;

/** Where to send the customer to pay. */
export const ZCheckoutSession = z.object({ url: z.string() });
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

export const ZCouponDiscount = z.object({
  /** 0 < percent_off <= 100. */
  percent_off: z.number().nullable(),
  /** Cents. */
  amount_off: z.number().nullable(),
});
export type TCouponDiscount = z.infer<typeof ZCouponDiscount>;

/** A promo-code lookup: unknown, inactive and used-up codes all answer active: false. */
export const ZPromotionLookup = z.object({ active: z.boolean(), coupon: ZCouponDiscount });
export type TPromotionLookup = z.infer<typeof ZPromotionLookup>;

/** A coupon as the back office reads it; dates in epoch seconds, as Stripe writes them. */
export const ZCoupon = z.object({
  id: z.string(),
  name: z.string(),
  discount_type: z.enum(['percent', 'amount']),
  /** Percent, or cents for an amount. */
  discount_value: z.number(),
  currency: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  times_redeemed: z.number().int(),
  redeem_by: z.number().int().nullable(),
  created_at: ZInstant,
});
export type TCoupon = z.infer<typeof ZCoupon>;

export const ZPromotion = z.object({
  id: z.string(),
  coupon_id: z.string(),
  code: z.string(),
  active: z.boolean(),
  max_redemptions: z.number().int().nullable(),
  times_redeemed: z.number().int(),
  expires_at: z.number().int().nullable(),
  /** Minimum order in cents; null: none. */
  restrictions: z.object({ minimum_amount: z.number().int().nullable() }),
  once_per_customer: z.boolean(),
  created_at: ZInstant,
});
export type TPromotion = z.infer<typeof ZPromotion>;

// ---------------------------------------------------------------------------------------------
// Small answers

/** A row created (the contact message's id). */
export const ZCreated = z.object({ id: z.number().int() });
export type TCreated = z.infer<typeof ZCreated>;

/** What the browser may know of the server's configuration. */
const ZAuthPublicConfig = z.object({
  captcha: z.enum(['altcha', 'recaptcha']),
  /** Public by design (it is embedded in the page). */
  recaptcha_site_key: z.string().nullable(),
  /** Null hides the Google buttons. */
  google_client_id: z.string().nullable(),
});
export type TAuthPublicConfig = z.infer<typeof ZAuthPublicConfig>;

export const ZPublicConfig = z.object({
  /** Embeddable player URLs, or null where no video is configured. */
  videos: z.object({
    landing: z.string().nullable(),
    how_it_works: z.string().nullable(),
    tutorial: z.string().nullable(),
  }),
  auth: ZAuthPublicConfig,
  /**
   * Automatic renewal can be chosen (DESIGN §6.3): the payment provider saves cards for later
   * charges. The embedded local provider does; with Stripe configured it waits for Stripe's saved
   * cards, so the checkout does not offer it and the overview does not offer to turn it on.
   */
  renewals: z.object({ automatic: z.boolean() }),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

export const ZHealth = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  driver: z.string(),
});

export const ZHealthDown = z.object({
  status: z.literal('error'),
  db: z.literal('down'),
  detail: z.string(),
});
