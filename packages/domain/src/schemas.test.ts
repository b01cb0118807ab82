import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { MSG } from './messages';
import {
  isHttpUrl,
  isIsoDateString,
  isWellFormedText,
  isValidPhone,
  passwordMeetsRule,
  PASSWORD_PATTERN,
  PASSWORD_SPECIALS,
  ZContactBody,
  ZCouponBody,
  ZEmail,
  ZForgotPasswordForm,
  ZGoogleSigninBody,
  ZId,
  ZLicenseCreateBody,
  ZLicenseRevokeBody,
  ZNewPasswordForm,
  ZOnePaymentBody,
  ZOrderUpdateBody,
  ZPaging,
  ZPassword,
  ZProfileBody,
  ZPromotionBody,
  ZResetPasswordBody,
  ZShippingInfo,
  ZShippingRatesBody,
  ZSigninBody,
  ZSignupBody,
  ZSignupForm,
  ZTokenQuery,
} from './schemas';
import { ZReportQuery } from './report-periods';
import { ZPageViewBody } from './page-view';
import { ZLicenseActivateBody, ZUsageEvent, ZUsageReportBody } from './license-server';

const GOOD_PASSWORD = 'Correct-Horse7!';

/** Messages of a failed parse, by dotted path. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

describe('ZEmail', () => {
  it('trims and lower-cases', () => {
    expect(ZEmail.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('uses the spec messages', () => {
    expect(errors(ZEmail, '   ')).toEqual({ '': [MSG.emailRequired] });
    expect(errors(ZEmail, undefined)).toEqual({ '': [MSG.emailRequired] });
    expect(errors(ZEmail, 'jane@')).toEqual({ '': [MSG.invalidEmail] });
    expect(errors(ZEmail, 'jane example.com')).toEqual({ '': [MSG.invalidEmail] });
  });

  it('caps the length at 254', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(long).toHaveLength(255);
    expect(errors(ZEmail, long)).toEqual({ '': [MSG.emailTooLong] });
  });
});

describe('ZPassword', () => {
  it('needs 13+ characters with upper, lower, digit and a listed special', () => {
    expect(PASSWORD_SPECIALS).toBe('!@#$%^&*(),.?":{}|<>');
    expect(passwordMeetsRule(GOOD_PASSWORD)).toBe(true);
    expect(passwordMeetsRule('Abcdefghij1!')).toBe(false); // 12 characters
    expect(passwordMeetsRule('Abcdefghijk1!')).toBe(true); // 13 characters
    expect(passwordMeetsRule('abcdefghijk1!')).toBe(false);
    expect(passwordMeetsRule('ABCDEFGHIJK1!')).toBe(false);
    expect(passwordMeetsRule('Abcdefghijkl!')).toBe(false);
    expect(passwordMeetsRule('Abcdefghijkl1')).toBe(false);
    expect(passwordMeetsRule('Abcdefghijk1_')).toBe(false); // '_' is not in the list
    for (const special of PASSWORD_SPECIALS) {
      expect(passwordMeetsRule(`Abcdefghijk1${special}`)).toBe(true);
    }
  });

  it('states the rule as a pattern that agrees with passwordMeetsRule on any string', () => {
    // Mostly characters the rule looks at, so strings near the boundary are common.
    const char = fc.oneof(
      fc.constantFrom(...`Aa1${PASSWORD_SPECIALS}_- \n\\]^`),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 20 }), (chars) => {
        const password = chars.join('');
        expect(PASSWORD_PATTERN.test(password)).toBe(passwordMeetsRule(password));
      }),
      { numRuns: 2000 },
    );
    expect(PASSWORD_PATTERN.test('Abcdefghijk1!')).toBe(true);
    expect(PASSWORD_PATTERN.test('Abcdefghijk1_')).toBe(false);
  });

  it('answers the spec message', () => {
    expect(errors(ZPassword, 'short')).toEqual({ '': [MSG.passwordRule] });
    expect(errors(ZPassword, '')).toEqual({ '': [MSG.passwordRequired] });
    expect(errors(ZPassword, `${GOOD_PASSWORD}${'a'.repeat(200)}`)).toEqual({
      '': [MSG.passwordTooLong],
    });
  });

  it('keeps spaces in passwords', () => {
    expect(ZPassword.parse(` ${GOOD_PASSWORD} `)).toBe(` ${GOOD_PASSWORD} `);
  });
});

describe('sign-up and sign-in', () => {
  const form = {
    username: ' jane ',
    email: 'Jane@Example.com',
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    time_zone: 'Asia/Jakarta',
  };

  it('accepts a good sign-up form', () => {
    expect(ZSignupForm.parse(form)).toEqual({
      ...form,
      username: 'jane',
      email: 'jane@example.com',
    });
  });

  it('reports mismatched passwords on confirmPassword', () => {
    expect(errors(ZSignupForm, { ...form, confirmPassword: `${GOOD_PASSWORD}x` })).toEqual({
      confirmPassword: ['Passwords do not match.'],
    });
  });

  it('requires every field', () => {
    const result = errors(ZSignupForm, {
      username: '  ',
      email: '',
      password: '',
      confirmPassword: '',
      time_zone: 'Asia/Singapore',
    });
    expect(Object.keys(result).sort()).toEqual([
      'confirmPassword',
      'email',
      'password',
      'username',
    ]);
    expect(result.username).toEqual([MSG.usernameRequired]);
  });

  it('shapes the sign-up body and strips unknown fields', () => {
    const body = ZSignupBody.parse({
      user: { username: 'jane', email: 'JANE@example.com', password: GOOD_PASSWORD, role: 'admin' },
      recaptchaToken: 'token',
      extra: true,
    });
    expect(body).toEqual({
      user: { username: 'jane', email: 'jane@example.com', password: GOOD_PASSWORD },
      recaptchaToken: 'token',
    });
    expect(
      errors(ZSignupBody, {
        user: { username: 'jane', email: 'jane@example.com', password: 'weak' },
        recaptchaToken: '',
      }),
    ).toEqual({
      'user.password': [MSG.passwordRule],
    });
  });

  it('takes an optional time zone at sign-up, one of the listed ones (issue 21)', () => {
    const user = { username: 'jane', email: 'jane@example.com', password: GOOD_PASSWORD };
    expect(ZSignupBody.parse({ user: { ...user, time_zone: 'Asia/Jayapura' }, recaptchaToken: 't' }).user.time_zone).toBe('Asia/Jayapura');
    expect(ZSignupBody.parse({ user, recaptchaToken: 't' }).user.time_zone).toBeUndefined();
    expect(errors(ZSignupBody, { user: { ...user, time_zone: 'Asia/Bangkok' }, recaptchaToken: 't' })).toEqual({
      'user.time_zone': ['Choose one of the listed time zones'],
    });
    expect(errors(ZSignupForm, { ...form, time_zone: 'Mars/Olympus' })).toEqual({ time_zone: ['Choose one of the listed time zones'] });
    expect(ZGoogleSigninBody.safeParse({ id_token: 'abc', recaptchaToken: 't', mode: 'signup', time_zone: 'Asia/Makassar' }).success).toBe(true);
    expect(ZGoogleSigninBody.safeParse({ id_token: 'abc', recaptchaToken: 't', mode: 'signup', time_zone: 'UTC' }).success).toBe(false);
  });

  it('does not apply the strength rule at sign-in', () => {
    expect(
      ZSigninBody.parse({ user: { email: 'a@b.co', password: 'x' }, recaptchaToken: 't' }).user
        .password,
    ).toBe('x');
    expect(
      errors(ZSigninBody, { user: { email: 'a@b.co', password: '' }, recaptchaToken: 't' }),
    ).toEqual({
      'user.password': [MSG.passwordRequired],
    });
    expect(ZSigninBody.safeParse({ user: { email: 'a@b.co', password: 'x' } }).success).toBe(false);
  });

  it('checks the Google mode', () => {
    expect(
      ZGoogleSigninBody.safeParse({ id_token: 'abc', recaptchaToken: 't', mode: 'signin' }).success,
    ).toBe(true);
    expect(
      ZGoogleSigninBody.safeParse({ id_token: 'abc', recaptchaToken: 't', mode: 'login' }).success,
    ).toBe(false);
    expect(
      ZGoogleSigninBody.safeParse({ id_token: '', recaptchaToken: 't', mode: 'signup' }).success,
    ).toBe(false);
  });
});

describe('password reset', () => {
  it('takes a token from the link or none from the profile', () => {
    expect(
      ZResetPasswordBody.parse({ email: 'a@b.co', new_pwd: GOOD_PASSWORD, token: 'tok' }).token,
    ).toBe('tok');
    expect(
      ZResetPasswordBody.parse({ email: 'a@b.co', new_pwd: GOOD_PASSWORD }).token,
    ).toBeUndefined();
    expect(errors(ZResetPasswordBody, { email: 'a@b.co', new_pwd: 'weak' })).toEqual({
      new_pwd: [MSG.passwordRule],
    });
  });

  it('carries the current password of a signed-in change as typed, within the length cap', () => {
    const body = ZResetPasswordBody.parse({ email: 'a@b.co', new_pwd: GOOD_PASSWORD, current_pwd: ' Old pw 1! ' });
    expect(body.current_pwd).toBe(' Old pw 1! ');
    expect(errors(ZResetPasswordBody, { email: 'a@b.co', new_pwd: GOOD_PASSWORD, current_pwd: 'x'.repeat(129) })).toEqual({
      current_pwd: [MSG.passwordTooLong],
    });
  });

  it('matches the new password and its confirmation', () => {
    expect(
      ZNewPasswordForm.safeParse({ password: GOOD_PASSWORD, confirm: GOOD_PASSWORD }).success,
    ).toBe(true);
    expect(errors(ZNewPasswordForm, { password: GOOD_PASSWORD, confirm: 'other' })).toEqual({
      confirm: ['New password and confirmation do not match.'],
    });
    expect(errors(ZNewPasswordForm, { password: GOOD_PASSWORD, confirm: '' })).toEqual({
      confirm: [MSG.confirmPasswordRequired],
    });
  });

  it('requires a valid forgot-password email', () => {
    expect(errors(ZForgotPasswordForm, { email: '' })).toEqual({ email: [MSG.emailRequired] });
    expect(errors(ZForgotPasswordForm, { email: 'nope' })).toEqual({ email: [MSG.invalidEmail] });
  });
});

describe('ZContactBody', () => {
  const good = {
    name: ' Jane ',
    email: 'jane@example.com',
    phone: ' +65 (6123) 45-67 ',
    company: 'Booths Pte Ltd',
    message: '  I would like a quote for sheets.  ',
  };

  it('trims and keeps the phone as typed', () => {
    expect(ZContactBody.parse(good)).toEqual({
      name: 'Jane',
      email: 'jane@example.com',
      phone: '+65 (6123) 45-67',
      company: 'Booths Pte Ltd',
      message: 'I would like a quote for sheets.',
    });
  });

  it('treats whitespace-only as empty, with the spec messages', () => {
    expect(
      errors(ZContactBody, { name: ' ', email: ' ', phone: ' ', company: ' ', message: ' ' }),
    ).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      phone: ['Phone number is required'],
      company: ['Company is required'],
      message: ['Message is required'],
    });
  });

  it('checks email, phone and message length', () => {
    expect(errors(ZContactBody, { ...good, email: 'jane' })).toEqual({
      email: ['Please enter a valid email address'],
    });
    expect(errors(ZContactBody, { ...good, phone: '0123 4567' })).toEqual({
      phone: ['Please enter a valid phone number'],
    });
    expect(errors(ZContactBody, { ...good, message: '  too short  ' })).toEqual({
      message: ['Message must be at least 10 characters long'],
    });
  });

  it('applies the phone rule after stripping layout characters', () => {
    expect(isValidPhone('+65 6123.4567')).toBe(true);
    expect(isValidPhone('(021) 555-1234')).toBe(false); // leading zero
    expect(isValidPhone('1234567890123456')).toBe(true); // 16 digits
    expect(isValidPhone('12345678901234567')).toBe(false); // 17 digits
    expect(isValidPhone('++6561234567')).toBe(false);
    expect(isValidPhone('6561x4567')).toBe(false);
  });

  it('counts the message after trimming and the phone digits after an optional plus', () => {
    expect(ZContactBody.safeParse({ ...good, message: '   1234567890   ' }).success).toBe(true);
    expect(errors(ZContactBody, { ...good, message: '   123456789   ' })).toEqual({
      message: ['Message must be at least 10 characters long'],
    });
    expect(isValidPhone('+1234567890123456')).toBe(true); // plus and 16 digits
    expect(isValidPhone('+12345678901234567')).toBe(false);
    expect(isValidPhone('+1')).toBe(true);
    expect(isValidPhone('+')).toBe(false);
    expect(errors(ZContactBody, { ...good, phone: ' ( ) - . ' })).toEqual({
      phone: ['Please enter a valid phone number'],
    });
    expect(ZContactBody.parse({ ...good, email: ' Jane.Tan@Example.COM ' }).email).toBe('jane.tan@example.com');
  });

  it('names every missing field', () => {
    expect(errors(ZContactBody, {})).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      phone: ['Phone number is required'],
      company: ['Company is required'],
      message: ['Message is required'],
    });
  });

  it('caps field lengths', () => {
    expect(ZContactBody.safeParse({ ...good, name: 'a'.repeat(101) }).success).toBe(false);
    expect(ZContactBody.safeParse({ ...good, company: 'a'.repeat(151) }).success).toBe(false);
    expect(ZContactBody.safeParse({ ...good, message: 'a'.repeat(5001) }).success).toBe(false);
    expect(ZContactBody.safeParse({ ...good, message: 'a'.repeat(5000) }).success).toBe(true);
  });
});

describe('shipping and checkout', () => {
  const info = {
    name: 'Jane',
    email: 'jane@example.com',
    address: '1 Raffles Place',
    city: 'Singapore',
    state: 'Singapore',
    zip: '048616',
    country: 'sg',
  };

  it('accepts a full address and upper-cases the country', () => {
    expect(ZShippingInfo.parse(info).country).toBe('SG');
  });

  it('requires every field and a real country', () => {
    const result = errors(ZShippingInfo, { ...info, city: ' ', country: 'XX' });
    expect(result).toEqual({ city: [MSG.cityRequired], country: [MSG.invalidCountry] });
  });

  it('checks the postal code for the country', () => {
    expect(errors(ZShippingInfo, { ...info, zip: '12345' })).toEqual({ zip: [MSG.invalidZip] });
    expect(ZShippingInfo.safeParse({ ...info, country: 'ID', zip: '12345' }).success).toBe(true);
  });

  it('validates the rate request', () => {
    const body = {
      recipient: { postalCode: '048616', countryCode: 'SG' },
      products: [{ name: 'adhesion_roller', quantity: 2 }],
    };
    expect(ZShippingRatesBody.safeParse(body).success).toBe(true);
    expect(
      ZShippingRatesBody.safeParse({ ...body, products: [{ name: 'x', quantity: 0 }] }).success,
    ).toBe(false);
    expect(
      ZShippingRatesBody.safeParse({ ...body, products: [{ name: 'x', quantity: 10001 }] }).success,
    ).toBe(false);
    expect(
      ZShippingRatesBody.safeParse({
        ...body,
        products: Array.from({ length: 51 }, () => ({ name: 'x', quantity: 1 })),
      }).success,
    ).toBe(false);
    expect(
      ZShippingRatesBody.safeParse({ ...body, recipient: { postalCode: '1', countryCode: 'SGP' } })
        .success,
    ).toBe(false);
  });

  it('validates the one-payment body', () => {
    const body = {
      email: 'jane@example.com',
      shipping_fee: 21,
      discount: 0,
      products: [{ price_id: 'adhesion_roller', quantity: 1 }],
      total_amount: 321,
      shipping_info: info,
    };
    expect(ZOnePaymentBody.parse(body).shipping_info?.country).toBe('SG');
    expect(
      ZOnePaymentBody.safeParse({ ...body, shipping_info: undefined, promo_code: ' SAVE10 ' }).data
        ?.promo_code,
    ).toBe('SAVE10');
    expect(errors(ZOnePaymentBody, { ...body, products: [] })).toEqual({
      products: [MSG.cartIsEmpty],
    });
    expect(
      ZOnePaymentBody.safeParse({ ...body, products: [{ price_id: 'x', quantity: 1001 }] }).success,
    ).toBe(false);
    expect(
      ZOnePaymentBody.safeParse({ ...body, products: [{ price_id: 'x', quantity: 1.5 }] }).success,
    ).toBe(false);
    expect(ZOnePaymentBody.safeParse({ ...body, shipping_fee: -100 }).success).toBe(false);
    expect(
      ZOnePaymentBody.safeParse({ ...body, total_amount: Number.POSITIVE_INFINITY }).success,
    ).toBe(false);
  });
});

describe('ZProfileBody', () => {
  it('requires email and first name, last name optional', () => {
    expect(ZProfileBody.parse({ email: 'A@B.co', first_name: ' Jane ' })).toEqual({
      email: 'a@b.co',
      first_name: 'Jane',
    });
    expect(
      ZProfileBody.parse({ email: 'a@b.co', first_name: 'Jane', last_name: null }).last_name,
    ).toBeNull();
    expect(errors(ZProfileBody, { email: 'a@b.co', first_name: '  ' })).toEqual({
      first_name: [MSG.firstNameRequired],
    });
  });
});

describe('ZCouponBody', () => {
  const coupon = { name: ' Launch ', discount_type: 'percent', discount_value: 15 };

  it('accepts percent and amount coupons', () => {
    expect(ZCouponBody.parse(coupon).name).toBe('Launch');
    expect(
      ZCouponBody.safeParse({
        name: 'Ten off',
        discount_type: 'amount',
        discount_value: 1000,
        currency: 'usd',
        max_redemptions: 5,
        redeem_by: '2030-01-01T00:00:00Z',
      }).success,
    ).toBe(true);
  });

  it('uses the spec messages', () => {
    expect(errors(ZCouponBody, { ...coupon, name: '   ' })).toEqual({
      name: ['Coupon name is required'],
    });
    expect(errors(ZCouponBody, { ...coupon, discount_value: Number.NaN })).toEqual({
      discount_value: ['Discount value is required and must be a number'],
    });
    expect(errors(ZCouponBody, { ...coupon, discount_value: '15' })).toEqual({
      discount_value: ['Discount value is required and must be a number'],
    });
    expect(errors(ZCouponBody, { ...coupon, max_redemptions: 1.5 })).toEqual({
      max_redemptions: ['Max redemptions must be a valid number'],
    });
    expect(errors(ZCouponBody, { ...coupon, redeem_by: '' })).toEqual({
      redeem_by: ['Expiration date is required if enabled'],
    });
    expect(errors(ZCouponBody, { ...coupon, redeem_by: '2030-02-30' })).toEqual({
      redeem_by: ['Expiration date is invalid'],
    });
  });

  it('bounds the value by discount type', () => {
    expect(errors(ZCouponBody, { ...coupon, discount_value: 0 })).toEqual({
      discount_value: [MSG.percentOutOfRange],
    });
    expect(errors(ZCouponBody, { ...coupon, discount_value: 100.5 })).toEqual({
      discount_value: [MSG.percentOutOfRange],
    });
    expect(ZCouponBody.safeParse({ ...coupon, discount_value: 100 }).success).toBe(true);
    expect(ZCouponBody.safeParse({ ...coupon, discount_value: 1 }).success).toBe(true);
    expect(errors(ZCouponBody, { ...coupon, discount_value: 12.5 })).toEqual({
      discount_value: [MSG.percentMustBeWhole],
    });
    expect(errors(ZCouponBody, { ...coupon, discount_value: 0.5 })).toEqual({
      discount_value: [MSG.percentMustBeWhole],
    });
    expect(errors(ZCouponBody, { ...coupon, discount_type: 'amount', discount_value: 0 })).toEqual({
      discount_value: [MSG.amountMustBePositiveInteger],
    });
    expect(
      ZCouponBody.safeParse({ ...coupon, discount_type: 'amount', discount_value: 1 }).success,
    ).toBe(true);
    expect(
      errors(ZCouponBody, { ...coupon, discount_type: 'amount', discount_value: 9.99 }),
    ).toEqual({
      discount_value: [MSG.amountMustBePositiveInteger],
    });
    expect(ZCouponBody.safeParse({ ...coupon, discount_type: 'fixed' }).success).toBe(false);
    expect(ZCouponBody.safeParse({ ...coupon, currency: 'eur' }).success).toBe(false);
  });
});

describe('ZPromotionBody', () => {
  const promotion = { coupon_id: 7, code: ' SAVE10 ' };

  it('trims the code and turns the coupon id into a string', () => {
    expect(ZPromotionBody.parse(promotion)).toEqual({ coupon_id: '7', code: 'SAVE10' });
  });

  it('uses the spec messages', () => {
    expect(errors(ZPromotionBody, { ...promotion, code: '  ' })).toEqual({
      code: ['Promotion code is required'],
    });
    expect(errors(ZPromotionBody, { ...promotion, code: 'no spaces' })).toEqual({
      code: [MSG.promotionCodeFormat],
    });
    expect(errors(ZPromotionBody, { ...promotion, code: 'AB' })).toEqual({
      code: [MSG.promotionCodeFormat],
    });
    expect(errors(ZPromotionBody, { ...promotion, expires_at: 'tomorrow' })).toEqual({
      expires_at: ['Expiration date is invalid'],
    });
    expect(errors(ZPromotionBody, { ...promotion, max_redemptions: 0 })).toEqual({
      max_redemptions: ['Max redemptions must be a valid number'],
    });
    expect(errors(ZPromotionBody, { ...promotion, minimum_amount: -1 })).toEqual({
      minimum_amount: ['Minimum order value must be a valid number'],
    });
  });

  it('accepts its optional limits', () => {
    const parsed = ZPromotionBody.parse({
      ...promotion,
      max_redemptions: 1,
      expires_at: '2030-06-30',
      minimum_amount: 100,
    });
    expect(parsed).toMatchObject({
      max_redemptions: 1,
      expires_at: '2030-06-30',
      minimum_amount: 100,
    });
  });
});

describe('ZOrderUpdateBody', () => {
  it('takes the four statuses and http(s) tracking urls', () => {
    expect(
      ZOrderUpdateBody.safeParse({
        status: 'shipped',
        track_num: 'SG123',
        track_url: 'https://track.example.com/SG123',
      }).success,
    ).toBe(true);
    expect(
      ZOrderUpdateBody.safeParse({ status: 'pending', track_num: '', track_url: '' }).success,
    ).toBe(true);
    expect(ZOrderUpdateBody.safeParse({ status: 'cancelled' }).success).toBe(false);
    expect(
      errors(ZOrderUpdateBody, { status: 'shipped', track_url: 'javascript:alert(1)' }),
    ).toEqual({
      track_url: [MSG.invalidTrackingUrl],
    });
  });
});

describe('licences', () => {
  it('creates by type or by a custom range', () => {
    expect(ZLicenseCreateBody.safeParse({ email: 'a@b.co', mode: 'day' }).success).toBe(true);
    expect(
      ZLicenseCreateBody.safeParse({
        email: 'a@b.co',
        mode: 'custom',
        start_date: '2025-01-01',
        end_date: '2025-01-02',
      }).success,
    ).toBe(true);
    expect(
      errors(ZLicenseCreateBody, { email: 'a@b.co', mode: 'custom', start_date: '2025-01-01' }),
    ).toEqual({
      end_date: [MSG.licenseRangeRequired],
    });
    expect(
      errors(ZLicenseCreateBody, {
        email: 'a@b.co',
        mode: 'custom',
        start_date: '2025-01-02',
        end_date: '2025-01-01',
      }),
    ).toEqual({ end_date: [MSG.licenseRangeInvalid] });
    expect(ZLicenseCreateBody.safeParse({ email: 'a@b.co', mode: 'week' }).success).toBe(false);
  });

  it('revokes by id', () => {
    expect(ZLicenseRevokeBody.parse({ license_id: 12, mode: 'revoke' })).toEqual({
      license_id: '12',
      mode: 'revoke',
    });
    expect(ZLicenseRevokeBody.safeParse({ license_id: 'abc', mode: 'delete' }).success).toBe(false);
  });
});

describe('query schemas', () => {
  it('pages with defaults and coercion', () => {
    expect(ZPaging.parse({})).toEqual({ page: 1, page_size: 10 });
    expect(ZPaging.parse({ page: '3', page_size: '25' })).toEqual({ page: 3, page_size: 25 });
    expect(ZPaging.safeParse({ page: '0' }).success).toBe(false);
    expect(ZPaging.safeParse({ page_size: '101' }).success).toBe(false);
    expect(ZPaging.safeParse({ page: 'x' }).success).toBe(false);
  });

  it('reads a report period or a full custom range', () => {
    expect(ZReportQuery.parse({}).period).toBe('last_7_days');
    expect(ZReportQuery.parse({ period: 'today' }).period).toBe('today');
    expect(
      ZReportQuery.safeParse({ start_date: '2025-01-01', end_date: '2025-01-31' }).success,
    ).toBe(true);
    expect(ZReportQuery.safeParse({ start_date: '2025-01-01' }).success).toBe(false);
    expect(ZReportQuery.safeParse({ period: 'forever' }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('recognises ISO dates and date-times on real days', () => {
    expect(isIsoDateString('2025-06-30')).toBe(true);
    expect(isIsoDateString('2024-02-29')).toBe(true);
    expect(isIsoDateString('2025-02-29')).toBe(false);
    expect(isIsoDateString('2025-06-30T23:59:59.999Z')).toBe(true);
    expect(isIsoDateString('2025-06-30T23:59+08:00')).toBe(true);
    expect(isIsoDateString('2025-06-30T24:00:00Z')).toBe(false);
    expect(isIsoDateString('30/06/2025')).toBe(false);
  });

  it('recognises http(s) urls', () => {
    expect(isHttpUrl('https://www.dhl.com/track?id=1')).toBe(true);
    expect(isHttpUrl('http://localhost:3000/x')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });

  it('turns ids into strings', () => {
    expect(ZId.parse(5)).toBe('5');
    expect(ZId.parse(' abc ')).toBe('abc');
    expect(ZId.safeParse(-1).success).toBe(false);
    expect(ZId.safeParse('').success).toBe(false);
  });
});

describe('the text rule (NUL bytes and lone UTF-16 surrogates)', () => {
  it('tells well-formed text from text PostgreSQL cannot store', () => {
    for (const ok of ['', 'plain', 'Zoë 😀 名前', 'tab\tand\nnewline', '\uD83D\uDE00']) {
      expect(isWellFormedText(ok), JSON.stringify(ok)).toBe(true);
    }
    for (const bad of ['\u0000', 'a\u0000b', 'a\uD800', '\uD800b', '\uDC00', 'x\uDC00\uD800y', '\uDE00\uD83D']) {
      expect(isWellFormedText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  const shipping = { name: 'A', email: 'a@b.co', address: '1 Road', city: 'Singapore', state: 'SG', zip: '123456', country: 'SG' };
  const cases: [string, z.ZodType, Record<string, unknown>, string[]][] = [
    ['contact', ZContactBody, { name: 'Ann', email: 'a@b.co', phone: '+6512345678', company: 'Co', message: 'Hello there, world' }, ['name', 'company', 'message', 'phone', 'email']],
    ['sign-up', ZSignupBody, { user: { username: 'ann', email: 'a@b.co', password: GOOD_PASSWORD }, recaptchaToken: 'x' }, ['user.username', 'user.password', 'recaptchaToken']],
    ['sign-in', ZSigninBody, { user: { email: 'a@b.co', password: GOOD_PASSWORD }, recaptchaToken: 'x' }, ['user.password']],
    ['profile', ZProfileBody, { email: 'a@b.co', first_name: 'Ann', last_name: 'Lee' }, ['first_name', 'last_name']],
    ['reset', ZResetPasswordBody, { email: 'a@b.co', new_pwd: GOOD_PASSWORD, token: 'tok' }, ['token', 'new_pwd']],
    ['token query', ZTokenQuery, { token: 'tok' }, ['token']],
    ['shipping', ZShippingInfo, shipping, ['address', 'city', 'state', 'name']],
    ['checkout', ZOnePaymentBody, { email: 'a@b.co', shipping_fee: 0, discount: 0, promo_code: 'SAVE10', products: [{ price_id: 'p', quantity: 1 }], total_amount: 1 }, ['promo_code', 'products.0.price_id']],
    ['shipping rates', ZShippingRatesBody, { recipient: { postalCode: '123456', countryCode: 'SG' }, products: [{ name: 'x', quantity: 1 }] }, ['products.0.name', 'recipient.postalCode']],
    ['page view', ZPageViewBody, { path: '/pricing', referrer: 'https://example.com/' }, ['path', 'referrer']],
    ['coupon', ZCouponBody, { name: 'Ten', discount_type: 'percent', discount_value: 10 }, ['name']],
    ['order update', ZOrderUpdateBody, { status: 'shipped', track_num: 'T1', carrier_name: 'DHL' }, ['track_num', 'carrier_name']],
    ['activation', ZLicenseActivateBody, { license_key: 'K', device_id: 'd', device_name: 'Booth', app_version: '1.0' }, ['device_id', 'device_name', 'app_version']],
    ['usage report', ZUsageReportBody, { license_key: 'K', device_id: 'd', events: [{ event_id: 'e1', kind: 'error', timestamp: '2025-01-01T10:00:00Z', file_type: 'jpg' }] }, ['device_id']],
    // Each event is judged on its own when stored (a bad one is refused INVALID, not the report).
    ['usage event', ZUsageEvent, { event_id: 'e1', kind: 'error', timestamp: '2025-01-01T10:00:00Z', file_type: 'jpg', filename: 'a.jpg', error_message: 'boom' }, ['event_id', 'file_type', 'filename', 'error_message']],
  ];
  const setAt = (obj: Record<string, unknown>, dotted: string, value: string) => {
    const copy = JSON.parse(JSON.stringify(obj)) as Record<string, unknown>;
    const keys = dotted.split('.');
    let at: Record<string, unknown> = copy;
    for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
    at[keys.at(-1)!] = value;
    return copy;
  };

  it.each(cases)('%s: refuses them in every text field, naming the field', (_, schema, valid, fields) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const field of fields) {
      for (const bad of ['Ann\u0000', 'Ann\uD800', '\uDC00Ann']) {
        const input = setAt(valid, field, field.endsWith('path') ? `/${bad}` : bad);
        expect(errors(schema, input)[field], `${field} = ${JSON.stringify(bad)}`).toContain(MSG.invalidText);
      }
    }
  });

  it('holds for ids too', () => {
    expect(ZId.safeParse('12\u0000').success).toBe(false);
    expect(ZId.safeParse('12').success).toBe(true);
  });
});
