import { isLicenseCurrent, isLicenseExpired } from '@lbs/domain/license-terms';
import { fromCents } from '@lbs/domain/money';
import { isAutoRenewableType, isInGrace } from '@lbs/domain/renewals';
import type { TRenewalDue } from '@lbs/domain/responses';
import { licenses } from '../../db/schema';
import type { OpenRenewal } from './find-open-renewals';

type LicenseRow = typeof licenses.$inferSelect;

/**
 * Its holder may turn automatic renewal on (DESIGN §6.3): a Monthly or Yearly licence, current,
 * not in grace (its renewal is already due: paying it is the way on), neither revoked nor suspended.
 */
export function canTurnAutoRenewOn(l: LicenseRow, now: Date): boolean {
  return isAutoRenewableType(l.type) && l.suspendedAt === null && isLicenseCurrent(l, now) && !isInGrace(l, now);
}

/**
 * The licence's open automatic renewal as the account area shows it: due once a charge failed (or
 * asked for authentication) or its term has ended unpaid; before that it is the job's business.
 */
function renewalDue(l: LicenseRow, renewal: OpenRenewal | null, now: Date): TRenewalDue | null {
  if (!renewal || (!renewal.failed && renewal.termEnd.getTime() > now.getTime())) return null;
  return {
    order_id: renewal.orderId,
    since: renewal.termEnd.toISOString(),
    grace_until: (l.graceUntil ?? renewal.termEnd).toISOString(),
    in_grace: isInGrace(l, now),
    next_try_at: renewal.nextChargeAt?.toISOString() ?? null,
    failure: renewal.failure,
  };
}

/**
 * A licence as the account area and the back office see it. `is_expired` says whether its end has
 * passed, nothing else: a revoked key ending next year is `revoked`, not expired. Both it and
 * `starts_later` are judged on the server's clock. `customDeviceName` is the name its owner gave
 * the device in the fleet view (lists read them for a whole page: licensePageJson).
 */
export function toLicenseJson(
  l: LicenseRow,
  now: Date,
  resetsLeft: number | null,
  customDeviceName: string | null = null,
  /** Its open automatic renewal order (find-open-renewals.ts); callers that show one licence after an admin action may leave it out. */
  openRenewal: OpenRenewal | null = null,
) {
  const renewalCents = l.autoRenew ? (openRenewal?.totalCents ?? l.renewalPriceCents) : null;
  return {
    _id: l.id,
    license_key: l.licenseKey,
    type: l.type,
    email: l.email,
    device_number: l.deviceId,
    device_bound_at: l.deviceBoundAt?.toISOString() ?? null,
    create_date: l.startAt.toISOString(),
    expire_date: l.expiresAt?.toISOString() ?? null,
    is_expired: isLicenseExpired(l.expiresAt, now),
    revoked: l.revokedAt !== null,
    suspended: l.suspendedAt !== null,
    // Said by the server's clock, as is_expired: a phone whose clock is behind would otherwise
    // call a key bought a minute ago 'Starts later'.
    starts_later: l.startAt.getTime() > now.getTime(),
    /** An unused Daily pass: the latest first activation (its hours start then); null otherwise. */
    activate_by: l.activateBy?.toISOString() ?? null,
    unstarted_term_hours: l.unstartedTermHours,
    order_id: l.orderId,
    /** Self-service resets still available now; null when the licence is not current. */
    device_resets_left: resetsLeft,
    // Of the device bound now: after a reset the row still holds the old device's, which would
    // describe a key with no device.
    device_name: l.deviceId === null ? null : (customDeviceName ?? l.deviceName),
    app_version: l.deviceId === null ? null : l.lastAppVersion,
    last_seen_at: l.deviceId === null ? null : (l.lastValidatedAt?.toISOString() ?? null),
    device_shared_at: l.deviceId === null ? null : (l.deviceSharedAt?.toISOString() ?? null),
    auto_renew: l.autoRenew,
    can_auto_renew: canTurnAutoRenewOn(l, now),
    renewal_amount: renewalCents == null ? null : fromCents(renewalCents),
    renewal_due: renewalDue(l, openRenewal, now),
  };
}
