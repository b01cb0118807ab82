import { extendedLicenseEnd, ZLicenseExtendBody, type TLicenseExtendBody } from '@lbs/domain/customer-actions';

/** What the extend dialog holds: days or a date, as typed. */
export interface ExtendForm {
  by: 'days' | 'until';
  days: string;
  /** 'YYYY-MM-DD' from the date input. */
  until: string;
  reason: string;
}

export type ExtendFormErrors = Partial<Record<'days' | 'until' | 'reason', string>>;

/**
 * The request body for the form, checked by the route's own schema (ZLicenseExtendBody), or each
 * field's error in its words. Only the chosen one of days and date is sent.
 */
export function extendRequest(form: ExtendForm): { body: TLicenseExtendBody } | { errors: ExtendFormErrors } {
  const raw = form.by === 'days' ? { days: form.days.trim() === '' ? Number.NaN : Number(form.days), reason: form.reason } : { until: form.until, reason: form.reason };
  const parsed = ZLicenseExtendBody.safeParse(raw);
  if (parsed.success) return { body: parsed.data };
  const errors: ExtendFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'reason' ? 'reason' : form.by;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The new end a number of days gives, as the server works it out (the same rule), for the dialog
 * to show before the admin confirms; null while the days are not a valid number.
 */
export function extendPreview(currentEnd: string, days: string, now = new Date()): Date | null {
  const n = Number(days);
  if (days.trim() === '' || !Number.isInteger(n) || n < 1) return null;
  const result = extendedLicenseEnd(new Date(currentEnd), { days: n }, now, 'UTC');
  return 'end' in result ? result.end : null;
}
