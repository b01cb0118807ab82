import { LICENSE_PAYMENT_PATH, type TPaymentDue } from '@lbs/domain/license-server';
import { isInGrace } from '@lbs/domain/renewals';
import type { LicenseRow } from './find-license';

/**
 * What the booth is told while `license` is in grace at `now` (DESIGN §6.3): since when payment
 * is due (the end of the paid term), until when the licence still works, and where its holder
 * pays: the account area, sign-in required (a key's holder may lend the booth to someone else,
 * who must not get a link that pays or shows the account). Undefined outside grace.
 */
export function paymentDueOf(license: LicenseRow, now: Date, publicUrl: string): TPaymentDue | undefined {
  if (!isInGrace(license, now)) return undefined;
  return {
    since: license.expiresAt!.toISOString(),
    grace_until: license.graceUntil!.toISOString(),
    pay_url: `${publicUrl}${LICENSE_PAYMENT_PATH}`,
  };
}
