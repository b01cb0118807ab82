import { isLicenseCurrent } from '@lbs/domain/license-terms';
import { licenses } from '../../db/schema';

type LicenseRow = typeof licenses.$inferSelect;

export function toLicenseJson(l: LicenseRow, now: Date, resetsLeft: number | null) {
  const expired = !isLicenseCurrent(l, now);
  return {
    _id: l.id,
    license_key: l.licenseKey,
    type: l.type,
    email: l.email,
    device_number: l.deviceId,
    device_bound_at: l.deviceBoundAt?.toISOString() ?? null,
    create_date: l.startAt.toISOString(),
    expire_date: l.expiresAt?.toISOString() ?? null,
    is_expired: expired,
    revoked: l.revokedAt !== null,
    order_id: l.orderId,
    /** Self-service resets still available now; null when the licence is not current. */
    device_resets_left: resetsLeft,
  };
}
