/**
 * The back office's Create Coupon and Create Promotion forms. A form holds what the admin typed
 * (text, ticked boxes, dollars, a calendar day); its schema turns that into the request body and
 * checks it with the body's own schema (ZCouponBody, ZPromotionBody), so each rule and message is
 * the server's, written once. Form field names are the body's, so every issue lands on its field.
 */
import { z } from 'zod';

import { toCents } from './money';
import {
  DISCOUNT_TYPES,
  isIsoDateString,
  ZCouponBody,
  ZPromotionBody,
  type TCouponBody,
  type TPromotionBody,
} from './schemas';

const NUMBER_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The number typed in a field; NaN for anything else, so the body's number rule names the field. */
export function parseTypedNumber(text: string): number {
  const trimmed = text.trim();
  return NUMBER_TEXT.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Typed dollars as cents (minor units); NaN stays NaN. */
function typedDollarsToCents(text: string): number {
  const dollars = parseTypedNumber(text);
  return Number.isNaN(dollars) ? dollars : toCents(dollars);
}

/** 'YYYY-MM-DD' of a day in the local time zone (a date input's value); today by default. */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A chosen day as the instant it ends, in the local time zone: a coupon that expires on
 * 2025-12-31 still works all that day, and the list (which shows local days) shows that day.
 * Anything that is not a calendar day passes through unchanged, for the body's date rule to refuse.
 */
export function endOfLocalDay(day: string): string {
  const trimmed = day.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(trimmed) || !isIsoDateString(trimmed)) return trimmed;
  return new Date(`${trimmed}T23:59:59.999`).toISOString();
}

/** Copies a body schema's issues onto the form (same field names) and answers the parsed body. */
function checkedBy<T>(schema: z.ZodType<T>, body: unknown, ctx: z.RefinementCtx): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.issues.push({ code: 'custom', path: issue.path, message: issue.message, input: body });
  return z.NEVER;
}

// ---------------------------------------------------------------------------------------------
// Create Coupon

const ZCouponFormFields = z.object({
  name: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** Percent, or dollars for a fixed amount (sent in cents). */
  discount_value: z.string(),
  max_redemptions_enabled: z.boolean(),
  max_redemptions: z.string(),
  redeem_by_enabled: z.boolean(),
  /** 'YYYY-MM-DD' (a date input). */
  redeem_by: z.string(),
});
export type TCouponFormInput = z.infer<typeof ZCouponFormFields>;

export const ZCouponForm = ZCouponFormFields.transform((form, ctx) =>
  checkedBy(ZCouponBody, couponBodyOf(form), ctx),
);

export const COUPON_FORM_DEFAULTS: TCouponFormInput = {
  name: '',
  discount_type: 'percent',
  discount_value: '',
  max_redemptions_enabled: false,
  max_redemptions: '',
  redeem_by_enabled: false,
  redeem_by: '',
};

/** The request body a filled-in form stands for (checked afterwards by ZCouponBody). */
function couponBodyOf(form: TCouponFormInput): Record<keyof TCouponBody, unknown> {
  const amount = form.discount_type === 'amount';
  return {
    name: form.name,
    discount_type: form.discount_type,
    discount_value: amount
      ? typedDollarsToCents(form.discount_value)
      : parseTypedNumber(form.discount_value),
    currency: amount ? 'usd' : undefined,
    max_redemptions: form.max_redemptions_enabled
      ? parseTypedNumber(form.max_redemptions)
      : undefined,
    redeem_by: form.redeem_by_enabled ? endOfLocalDay(form.redeem_by) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Create Promotion

const ZPromotionFormFields = z.object({
  code: z.string(),
  max_redemptions_enabled: z.boolean(),
  max_redemptions: z.string(),
  expires_at_enabled: z.boolean(),
  /** 'YYYY-MM-DD' (a date input). */
  expires_at: z.string(),
  minimum_amount_enabled: z.boolean(),
  /** Dollars (sent in cents). */
  minimum_amount: z.string(),
});
export type TPromotionFormInput = z.infer<typeof ZPromotionFormFields>;

export const ZPromotionForm = ZPromotionFormFields.transform((form, ctx) =>
  checkedBy(ZPromotionBody.omit({ coupon_id: true }), promotionBodyOf(form), ctx),
);
export type TPromotionFormBody = Omit<TPromotionBody, 'coupon_id'>;

/** The values a ticked box starts its field with (spec: max uses 1, expiry today, minimum order 1). */
export const promotionFieldStart = () => ({
  max_redemptions: '1',
  expires_at: localDay(),
  minimum_amount: '1',
});

export const promotionFormDefaults = (): TPromotionFormInput => ({
  code: '',
  max_redemptions_enabled: false,
  expires_at_enabled: false,
  minimum_amount_enabled: false,
  ...promotionFieldStart(),
});

function promotionBodyOf(
  form: TPromotionFormInput,
): Record<keyof TPromotionFormBody, unknown> {
  return {
    code: form.code,
    max_redemptions: form.max_redemptions_enabled
      ? parseTypedNumber(form.max_redemptions)
      : undefined,
    expires_at: form.expires_at_enabled ? endOfLocalDay(form.expires_at) : undefined,
    minimum_amount: form.minimum_amount_enabled
      ? typedDollarsToCents(form.minimum_amount)
      : undefined,
  };
}
