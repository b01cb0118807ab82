/**
 * The customer page's actions (issue 21): their request bodies, the rule for a licence's new end,
 * and the words the back office and the server both use. The dialogs validate with these schemas
 * and the routes declare them, so a rule and its message live here once.
 */
import { z } from 'zod';

import { addDays, isCalendarDay, startOfBusinessDay } from './report-periods';
import { isIsoDateString, safeString } from './schemas';

const DAY_MS = 24 * 3600 * 1000;

/** At most ten years in one extension: beyond that it is a typo, not a courtesy. */
export const LICENSE_EXTEND_MAX_DAYS = 3650;
export const ACTION_REASON_MAX_LENGTH = 500;

export const CUSTOMER_ACTION_MSG = {
  reasonRequired: 'Please give a reason (the customer reads it)',
  reasonTooLong: `The reason is at most ${ACTION_REASON_MAX_LENGTH} characters`,
  extendOneOf: 'Give either a new end date or a number of days, not both',
  extendDays: `Days: a whole number from 1 to ${LICENSE_EXTEND_MAX_DAYS}`,
  extendUntilFormat: 'The new end date must be a date (YYYY-MM-DD) or an ISO date-time',
  alreadyVerified: 'This customer has already verified their email address',
  verificationMailWait: 'A verification mail was sent to this address less than a minute ago; try again in a minute',
  userNotFound: 'Customer not found',
  orderNotFound: 'Order not found',
  orderNotPaid: 'This order has not been paid: it has no receipt to send',
  licenseRevoked: 'This license is revoked; a revoked license stays revoked',
  licenseNeverExpires: 'This license never expires: there is no end to extend',
  licenseEnded: 'This license has ended; extend it first',
  alreadySuspended: 'This license is already suspended',
  notSuspended: 'This license is not suspended',
  /** The customer's own device reset while an admin has suspended the key. */
  resetWhileSuspended: 'This license is suspended, so its device cannot be reset. Please contact us.',
  verificationMailSent: 'Verification mail sent',
  licenseMailSent: 'License key mail sent',
  orderMailSent: 'Order receipt sent',
} as const;

/** Why the admin acted: required where the customer's licence changes, and told to them. */
export const ZActionReason = safeString({ error: CUSTOMER_ACTION_MSG.reasonRequired })
  .trim()
  .min(1, { error: CUSTOMER_ACTION_MSG.reasonRequired, abort: true })
  .max(ACTION_REASON_MAX_LENGTH, { error: CUSTOMER_ACTION_MSG.reasonTooLong });

/**
 * A licence's new end: `until` (a calendar day, meaning the end of that day in the customer's
 * time zone, or an ISO date-time) or `days` added to its current end; exactly one of them.
 */
export const ZLicenseExtendBody = z
  .object({
    until: safeString()
      .trim()
      .refine(isIsoDateString, { error: CUSTOMER_ACTION_MSG.extendUntilFormat })
      .optional()
      .meta({ description: "'YYYY-MM-DD' (the end of that day in the customer's time zone) or an ISO 8601 date-time" }),
    days: z
      .number({ error: CUSTOMER_ACTION_MSG.extendDays })
      .int({ error: CUSTOMER_ACTION_MSG.extendDays })
      .min(1, { error: CUSTOMER_ACTION_MSG.extendDays })
      .max(LICENSE_EXTEND_MAX_DAYS, { error: CUSTOMER_ACTION_MSG.extendDays })
      .optional(),
    reason: ZActionReason,
  })
  .superRefine((body, ctx) => {
    if ((body.until === undefined) === (body.days === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: CUSTOMER_ACTION_MSG.extendOneOf });
    }
  });
export type TLicenseExtendBody = z.infer<typeof ZLicenseExtendBody>;

export const ZLicenseSuspendBody = z.object({ reason: ZActionReason });
export type TLicenseSuspendBody = z.infer<typeof ZLicenseSuspendBody>;

/** Reinstating gives back what the customer had: a note is welcome, not required. */
export const ZLicenseReinstateBody = z.object({
  reason: safeString().trim().max(ACTION_REASON_MAX_LENGTH, { error: CUSTOMER_ACTION_MSG.reasonTooLong }).optional(),
});
export type TLicenseReinstateBody = z.infer<typeof ZLicenseReinstateBody>;

/**
 * The end an extension asks for, or why it cannot be: `days` count from the current end (from now
 * if it has already passed, as a renewal does, so the customer gets the days they were promised);
 * `until` must lie after the current end and in the future. A bare day ends at 23:59:59 in the
 * customer's time zone, the last second of the day they are told.
 */
export function extendedLicenseEnd(
  currentEnd: Date,
  body: Pick<TLicenseExtendBody, 'until' | 'days'>,
  now: Date,
  timeZone: string,
): { end: Date } | { problem: 'not_after_current_end' | 'in_the_past' } {
  if (body.days !== undefined) {
    const from = Math.max(currentEnd.getTime(), now.getTime());
    return { end: new Date(from + body.days * DAY_MS) };
  }
  const until = body.until!;
  const end = isCalendarDay(until) ? new Date(startOfBusinessDay(addDays(until, 1), timeZone).getTime() - 1000) : new Date(until);
  if (end.getTime() <= currentEnd.getTime()) return { problem: 'not_after_current_end' };
  if (end.getTime() <= now.getTime()) return { problem: 'in_the_past' };
  return { end };
}
