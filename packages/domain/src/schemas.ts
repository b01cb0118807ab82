/**
 * One zod schema per request body (and per form that mirrors one). The web forms and the server
 * routes import the same schema, so a rule and its message live here once. Objects are not
 * strict: unknown fields are stripped. Strings are trimmed unless they are secrets.
 */
import { z } from 'zod';

import { MAX_LINE_QUANTITY } from './cart';
import { CARRIER_CODES, MAX_ORDERS_AT_ONCE, SHIPPING_MSG } from './carriers';
import { LICENSE_CREATE_MODES } from './license-terms';
import { MSG } from './messages';
import { RENEWAL_CONSENT_LANGUAGES } from './renewals';
import { ZDisplayTimeZone } from './preferences';
import { isIsoCountry, postalCodeValid } from './shipping';
import { ORDER_STATUSES } from './statuses';

// ---------------------------------------------------------------------------------------------
// Building blocks

// U+0000, or half of a surrogate pair without the other half (NUL is the point here).
// eslint-disable-next-line no-control-regex
const MALFORMED_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text PostgreSQL cannot store (a NUL byte) or that is not valid Unicode (a lone surrogate). */
export function isWellFormedText(value: string): boolean {
  return !MALFORMED_TEXT.test(value);
}

/**
 * Every string a request carries (body, query, path) starts here, never at a bare zod string: a NUL byte
 * or a lone surrogate would otherwise pass the schema and fail in the database as a 500. The
 * check runs first and stops the others, so the field's error says what is wrong with it.
 */
export function safeString(params?: { error?: string }) {
  return z.string(params).refine(isWellFormedText, { error: MSG.invalidText, abort: true }); // @text-rule
}

/** Required text: trimmed, whitespace-only counts as empty. */
function requiredText(required: string, max: number) {
  return safeString({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: MSG.fieldTooLong });
}

/** Optional free text; null and undefined both mean "not given". */
function optionalText(max: number) {
  return safeString().trim().max(max, { error: MSG.fieldTooLong }).nullish();
}

const ISO_DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * 'YYYY-MM-DD' or an ISO 8601 date-time ('2025-06-30T23:59:59Z', with or without seconds or
 * offset) naming a real calendar day and time (Date.parse alone accepts '2025-02-30').
 */
export function isIsoDateString(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d, hh, mm, ss] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59))
    return false;
  return !Number.isNaN(Date.parse(value));
}

const HTTP_URL_PATTERN =
  /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$|^https?:\/\/localhost(?::\d+)?(?:[/?#]\S*)?$/i;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL_PATTERN.test(value);
}

/** A row id: our ids may be numbers or strings; both arrive here and leave as a string. */
export const ZId = z
  .union([safeString().trim().min(1).max(100), z.number().int().nonnegative()])
  .transform((value) => String(value));

const EMAIL_MAX_LENGTH = 254;

/** Trimmed, lower-cased, a valid address of at most 254 characters. */
export const ZEmail = safeString({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: MSG.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: MSG.emailTooLong, abort: true })
  .regex(z.regexes.email, { error: MSG.invalidEmail });

// ---------------------------------------------------------------------------------------------
// Passwords

export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
/** "Longer than 12 characters" (spec), so 13 or more. */
export const PASSWORD_MIN_LENGTH = 13;
/** Caps the work a hash costs; far above any real password. */
const PASSWORD_MAX_LENGTH = 128;

export function passwordMeetsRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    [...password].some((ch) => PASSWORD_SPECIALS.includes(ch))
  );
}

/**
 * passwordMeetsRule as one regular expression, so the rule reaches the OpenAPI document as the
 * password's `pattern` (a refine would not): lookaheads for each kind of character, then the length.
 */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=[\\s\\S]*[A-Z])(?=[\\s\\S]*[a-z])(?=[\\s\\S]*\\d)(?=[\\s\\S]*[${PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&')}])[\\s\\S]{${PASSWORD_MIN_LENGTH},}$`,
);

/** A new password: not trimmed (spaces are the user's choice), must meet the rule. */
export const ZPassword = safeString({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: MSG.passwordTooLong, abort: true })
  .regex(PASSWORD_PATTERN, { error: MSG.passwordRule })
  .meta({
    description: `At least ${PASSWORD_MIN_LENGTH} characters, with an upper-case letter, a lower-case letter, a digit and one of ${PASSWORD_SPECIALS}`,
  });

/** A password being checked (sign-in, the current password): any non-empty string within the length cap, never trimmed. */
export const ZPasswordAttempt = safeString({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: MSG.passwordTooLong });

/** The CAPTCHA answer (reCAPTCHA token or ALTCHA payload); the verifier judges it. */
const ZCaptchaToken = safeString({ error: MSG.captchaRequired }).max(20000);

// ---------------------------------------------------------------------------------------------
// Sign-up, sign-in, password reset

export const ZSignupForm = z
  .object({
    username: requiredText(MSG.usernameRequired, 100),
    email: ZEmail,
    password: ZPassword,
    confirmPassword: safeString({ error: MSG.confirmPasswordRequired })
      .min(1, { error: MSG.confirmPasswordRequired, abort: true }),
    // Ours (issue 21): preselected from the browser's zone, so dates read as the customer's day from the first mail.
    time_zone: ZDisplayTimeZone,
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    error: MSG.passwordsDoNotMatch,
  });
export type TSignupForm = z.infer<typeof ZSignupForm>;

export const ZSignupBody = z.object({
  user: z.object({
    username: requiredText(MSG.usernameRequired, 100),
    email: ZEmail,
    password: ZPassword,
    /** Optional (issue 21): the account's time zone, one of the listed ones; Singapore without it. */
    time_zone: ZDisplayTimeZone.optional(),
  }),
  recaptchaToken: ZCaptchaToken,
});
export type TSignupBody = z.infer<typeof ZSignupBody>;

export const ZSigninBody = z.object({
  user: z.object({ email: ZEmail, password: ZPasswordAttempt }),
  recaptchaToken: ZCaptchaToken,
});
export type TSigninBody = z.infer<typeof ZSigninBody>;

/** The sign-in form (the body without the CAPTCHA token). */
export const ZSigninForm = z.object({ email: ZEmail, password: ZPasswordAttempt });
export type TSigninForm = z.infer<typeof ZSigninForm>;

export const ZGoogleSigninBody = z.object({
  id_token: safeString().trim().min(1).max(10000),
  recaptchaToken: ZCaptchaToken,
  mode: z.enum(['signup', 'signin']),
  /** Optional (issue 21): the zone of an account this call creates; an existing account keeps its own. */
  time_zone: ZDisplayTimeZone.optional(),
});
export type TGoogleSigninBody = z.infer<typeof ZGoogleSigninBody>;

/**
 * With token: the reset link. Without: the signed-in user's own profile (DESIGN §3), which must
 * also give current_pwd, so a stolen session alone cannot change the password. current_pwd is
 * optional here so that its absence is judged after the caller (401 before 400); the server
 * answers MSG.currentPasswordRequired when a signed-in change leaves it out or empty.
 */
export const ZResetPasswordBody = z.object({
  email: ZEmail,
  new_pwd: ZPassword,
  token: safeString().trim().min(1).max(512).optional(),
  current_pwd: safeString().max(PASSWORD_MAX_LENGTH, { error: MSG.passwordTooLong }).optional(),
});
export type TResetPasswordBody = z.infer<typeof ZResetPasswordBody>;

export const ZNewPasswordForm = z
  .object({
    password: ZPassword,
    confirm: safeString({ error: MSG.confirmPasswordRequired }).min(1, {
      error: MSG.confirmPasswordRequired,
      abort: true,
    }),
  })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    error: MSG.newPasswordMismatch,
  });
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

export const ZForgotPasswordForm = z.object({ email: ZEmail });
export type TForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;

/** ?email=... of forgot-password and resend-verification. */
export const ZEmailQuery = z.object({ email: ZEmail });
export type TEmailQuery = z.infer<typeof ZEmailQuery>;

/** ?token=... of verify-reset-password. */
export const ZTokenQuery = z.object({ token: safeString().trim().min(1).max(512) });

// ---------------------------------------------------------------------------------------------
// Contact

/** Spaces, hyphens, parentheses and dots are layout, not part of the number. */
function normalisePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

export function isValidPhone(phone: string): boolean {
  return /^\+?[1-9]\d{0,15}$/.test(normalisePhone(phone));
}

export const ZContactBody = z.object({
  name: requiredText(MSG.nameRequired, 100),
  email: ZEmail,
  // Kept as typed (trimmed) so a person reads it in the familiar layout; only validated here.
  phone: safeString({ error: MSG.phoneRequired })
    .trim()
    .min(1, { error: MSG.phoneRequired, abort: true })
    .max(40, { error: MSG.invalidPhone, abort: true })
    .refine(isValidPhone, { error: MSG.invalidPhone }),
  company: requiredText(MSG.companyRequired, 150),
  message: safeString({ error: MSG.messageRequired })
    .trim()
    .min(1, { error: MSG.messageRequired, abort: true })
    .min(10, { error: MSG.messageTooShort, abort: true })
    .max(5000, { error: MSG.fieldTooLong }),
});
export type TContactBody = z.infer<typeof ZContactBody>;

// ---------------------------------------------------------------------------------------------
// Shipping and checkout

/** Two-letter ISO 3166-1 code, upper-cased. */
const ZCountryCode = safeString({ error: MSG.countryRequired })
  .trim()
  .toUpperCase()
  .min(1, { error: MSG.countryRequired, abort: true })
  .refine(isIsoCountry, { error: MSG.invalidCountry });

export const ZShippingInfo = z
  .object({
    name: requiredText(MSG.nameRequired, 100),
    email: ZEmail,
    address: requiredText(MSG.addressRequired, 300),
    city: requiredText(MSG.cityRequired, 100),
    state: requiredText(MSG.stateRequired, 100),
    zip: requiredText(MSG.zipRequired, 20),
    country: ZCountryCode,
  })
  .superRefine((info, ctx) => {
    if (info.zip && isIsoCountry(info.country) && !postalCodeValid(info.country, info.zip)) {
      ctx.addIssue({ code: 'custom', path: ['zip'], message: MSG.invalidZip });
    }
  });
export type TShippingInfo = z.infer<typeof ZShippingInfo>;

const MAX_ORDER_LINES = 50;

export const ZShippingRatesBody = z.object({
  recipient: z.object({
    postalCode: requiredText(MSG.zipRequired, 20),
    countryCode: ZCountryCode,
  }),
  products: z
    .array(
      z.object({
        /** The cart line's key. */
        name: safeString().trim().min(1).max(100),
        quantity: z.number().int().min(1).max(10000),
      }),
    )
    .max(MAX_ORDER_LINES),
});
export type TShippingRatesBody = z.infer<typeof ZShippingRatesBody>;

/** A consent to automatic renewal as the customer saw it: the words (renewalConsentWords) and their language. */
export const ZRenewalConsent = z.object({
  words: safeString().max(2000),
  language: z.enum(RENEWAL_CONSENT_LANGUAGES),
});
export type TRenewalConsent = z.infer<typeof ZRenewalConsent>;

/**
 * The cart's one-payment checkout. Figures are the client's view (USD); the server recomputes
 * and only compares them.
 */
export const ZOnePaymentBody = z.object({
  email: ZEmail,
  shipping_fee: z.number().min(0),
  discount: z.number().min(0),
  promo_code: safeString().trim().max(40).optional(),
  products: z
    .array(
      z.object({
        price_id: safeString().trim().min(1).max(100),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        /** A renewal line: the id of the buyer's own licence of this plan, extended by one term. */
        renews: z.uuid().optional(),
      }),
    )
    .min(1, { error: MSG.cartIsEmpty })
    .max(MAX_ORDER_LINES),
  total_amount: z.number().min(0),
  shipping_info: ZShippingInfo.optional(),
  /**
   * The billing country (ISO 3166-1 alpha-2), asked of every buyer (issue 37: licence-only orders
   * had none). Optional for older clients: left out, the customer's country on record is used.
   */
  billing_country: ZCountryCode.optional(),
  /**
   * "Renew automatically" ticked (never pre-chosen): the words shown beside it and their language.
   * The server recomputes the words from its own prices (renewalConsentWords) and refuses words
   * that differ, as it refuses a total that differs; a cart with no Monthly or Yearly line is a 400.
   */
  renew_automatically: ZRenewalConsent.optional(),
});
export type TOnePaymentBody = z.infer<typeof ZOnePaymentBody>;

/**
 * PUT /api/licenses/:id/auto-renew. Turning on needs the consent words for the licence's plan at
 * its price now (renewalConsentWords of one line); turning off needs nothing else.
 */
export const ZAutoRenewBody = z.object({
  auto_renew: z.boolean(),
  words: safeString().max(2000).optional(),
  language: z.enum(RENEWAL_CONSENT_LANGUAGES).optional(),
});
export type TAutoRenewBody = z.infer<typeof ZAutoRenewBody>;

// ---------------------------------------------------------------------------------------------
// Account

export const ZProfileBody = z.object({
  email: ZEmail,
  first_name: requiredText(MSG.firstNameRequired, 100),
  last_name: optionalText(100),
});
export type TProfileBody = z.infer<typeof ZProfileBody>;

// ---------------------------------------------------------------------------------------------
// Coupons and promotion codes (admin)

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Coupon and promotion limits: a whole number of uses, at least 1. */
const ZMaxRedemptions = z
  .number({ error: MSG.maxRedemptionsInvalid })
  .int({ error: MSG.maxRedemptionsInvalid })
  .min(1, { error: MSG.maxRedemptionsInvalid })
  .nullish();

export const ZCouponBody = z
  .object({
    name: requiredText(MSG.couponNameRequired, 40),
    discount_type: z.enum(DISCOUNT_TYPES),
    /** Percent (whole, 1 to 100) or amount in cents (whole, above 0). */
    discount_value: z.number({ error: MSG.discountValueRequired }),
    currency: z.literal('usd').optional(),
    max_redemptions: ZMaxRedemptions,
    redeem_by: safeString({ error: MSG.expirationRequired })
      .trim()
      .min(1, { error: MSG.expirationRequired, abort: true })
      .refine(isIsoDateString, { error: MSG.expirationInvalid })
      .nullish(),
  })
  .superRefine((coupon, ctx) => {
    const value = coupon.discount_value;
    if (coupon.discount_type === 'percent' && !(value > 0 && value <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: MSG.percentOutOfRange });
    } else if (coupon.discount_type === 'percent' && !Number.isInteger(value)) {
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: MSG.percentMustBeWhole });
    }
    if (coupon.discount_type === 'amount' && !(Number.isInteger(value) && value > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['discount_value'],
        message: MSG.amountMustBePositiveInteger,
      });
    }
  });
export type TCouponBody = z.infer<typeof ZCouponBody>;

export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

export const ZPromotionBody = z.object({
  /** Redundant with the path's couponId; when given, the server requires them to agree. */
  coupon_id: ZId.optional(),
  code: safeString({ error: MSG.promotionCodeRequired })
    .trim()
    .min(1, { error: MSG.promotionCodeRequired, abort: true })
    .regex(PROMOTION_CODE_PATTERN, { error: MSG.promotionCodeFormat }),
  max_redemptions: ZMaxRedemptions,
  expires_at: safeString({ error: MSG.expirationInvalid })
    .trim()
    .refine(isIsoDateString, { error: MSG.expirationInvalid })
    .nullish(),
  /** Cents. */
  minimum_amount: z
    .number({ error: MSG.minimumOrderInvalid })
    .int({ error: MSG.minimumOrderInvalid })
    .min(0, { error: MSG.minimumOrderInvalid })
    .nullish(),
});
export type TPromotionBody = z.infer<typeof ZPromotionBody>;

export const ZPromotionStatusBody = z.object({ active: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Orders (admin)

const ZTrackingUrl = safeString()
  .trim()
  .max(2048, { error: MSG.fieldTooLong })
  .refine((url) => url === '' || isHttpUrl(url), { error: MSG.invalidTrackingUrl })
  .nullish();

/**
 * `carrier`: a code from the domain's list; for a known carrier the server writes its name and
 * builds the link from the number (any carrier_name or track_url sent with it is ignored); for
 * `other` both are the ones typed in; '' clears it. Left out, the older fields work as before.
 */
export const ZOrderUpdateBody = z.object({
  status: z.enum(ORDER_STATUSES),
  track_num: optionalText(100),
  carrier: z.union([z.enum(CARRIER_CODES), z.literal('')]).nullish(),
  carrier_name: optionalText(100),
  estimate_date: optionalText(100),
  track_url: ZTrackingUrl,
});
export type TOrderUpdateBody = z.infer<typeof ZOrderUpdateBody>;

/** One order of a bulk ship: its carrier and number; `other` also names the carrier (and may link). */
export const ZShipOrder = z
  .object({
    order_id: z.number({ error: SHIPPING_MSG.orderIdInvalid }).int({ error: SHIPPING_MSG.orderIdInvalid }).positive({ error: SHIPPING_MSG.orderIdInvalid }).max(2_147_483_647, { error: SHIPPING_MSG.orderIdInvalid }),
    carrier: z.enum(CARRIER_CODES, { error: SHIPPING_MSG.carrierRequired }),
    track_num: requiredText(SHIPPING_MSG.trackNumRequired, 100),
    carrier_name: optionalText(100),
    track_url: ZTrackingUrl,
  })
  .superRefine((o, ctx) => {
    if (o.carrier === 'other' && !o.carrier_name) ctx.addIssue({ code: 'custom', path: ['carrier_name'], message: SHIPPING_MSG.otherCarrierNameRequired });
  });
export type TShipOrder = z.infer<typeof ZShipOrder>;

export const ZOrderShipBody = z.object({
  orders: z
    .array(ZShipOrder)
    .min(1, { error: SHIPPING_MSG.noOrdersChosen })
    .max(MAX_ORDERS_AT_ONCE, { error: SHIPPING_MSG.tooManyOrders })
    .refine((orders) => new Set(orders.map((o) => o.order_id)).size === orders.length, { error: SHIPPING_MSG.orderTwice }),
});
export type TOrderShipBody = z.infer<typeof ZOrderShipBody>;

/** The packing slips of several orders: their ids, comma-separated, at most MAX_ORDERS_AT_ONCE. */
export const ZPackingSlipsQuery = z.object({
  ids: safeString().regex(new RegExp(`^[1-9]\\d{0,9}(?:,[1-9]\\d{0,9}){0,${MAX_ORDERS_AT_ONCE - 1}}$`), { error: SHIPPING_MSG.packingSlipIds }),
});

// ---------------------------------------------------------------------------------------------
// Licences

const ZOptionalDate = safeString()
  .trim()
  .refine((value) => value === '' || isIsoDateString(value), { error: MSG.expirationInvalid })
  .nullish();

/** Admin generate: a type from start_date (default now), or a custom start/end range. */
export const ZLicenseCreateBody = z
  .object({
    email: ZEmail,
    mode: z.enum(LICENSE_CREATE_MODES),
    start_date: ZOptionalDate,
    end_date: ZOptionalDate,
  })
  .superRefine((body, ctx) => {
    if (body.mode !== 'custom') return;
    if (!body.start_date || !body.end_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: MSG.licenseRangeRequired });
    } else if (Date.parse(body.end_date) <= Date.parse(body.start_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: MSG.licenseRangeInvalid });
    }
  });
export type TLicenseCreateBody = z.infer<typeof ZLicenseCreateBody>;

export const ZLicenseRevokeBody = z.object({ license_id: ZId, mode: z.literal('revoke') });

// The desktop program's bodies (activate, validate, deactivate, usage): license-server.ts.

// ---------------------------------------------------------------------------------------------
// Lists and reports

/** ?page=&page_size= (strings in a query, numbers after parsing). */
export const ZPaging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export type TPaging = z.infer<typeof ZPaging>;

export const REPORT_METRICS = [
  'total_users',
  'active_subscriptions',
  'total_orders',
  'total_income',
  'total_refunds',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

// Report periods and their query schema: report-periods.ts (business days in one time zone).
