import { isLicenseExpired } from '@lbs/domain/license-terms';
import { licenses } from '../../db/schema';

type LicenseRow = typeof licenses.$inferSelect;

/**
 * A licence as the account area and the back office see it. `is_expired` says whether its end has
 * passed, nothing else: a revoked key ending next year is `revoked`, not expired. Both it and
 * `starts_later` are judged on the server's clock. `customDeviceName` is the name its owner gave
 * the device in the fleet view (lists read them for a whole page: licensePageJson).
 */
export function toLicenseJson(l: LicenseRow, now: Date, resetsLeft: number | null, customDeviceName: string | null = null) {
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
  };
}
